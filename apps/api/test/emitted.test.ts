// lib/emitted.ts: the bounded wait an app's close uses for its connections to end.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { emitted } from '../src/lib/emitted.js';

describe('emitted', () => {
  it('resolves at the nth event, counting those emitted before it is awaited', async () => {
    const emitter = new EventEmitter();
    let done = false;
    const waiting = emitted(emitter, 'remove', 3, 5_000).then(() => {
      done = true;
    });
    emitter.emit('remove');
    emitter.emit('remove');
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    emitter.emit('remove');
    await waiting;
    expect(emitter.listenerCount('remove')).toBe(0);
  });

  it('gives up after its time, holding the process open meanwhile and nothing after', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const started = performance.now();
    const waiting = emitted(new EventEmitter(), 'end', 1, 100);
    expect(timers()).toBe(before + 1);
    await waiting;
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    const emitter = new EventEmitter();
    const ended = emitted(emitter, 'end', 1, 5_000);
    const during = timers();
    emitter.emit('end');
    await ended;
    expect(timers()).toBe(during - 1);
  });

  it('resolves at once when nothing is to come', async () => {
    await emitted(new EventEmitter(), 'remove', 0, 5_000);
  });
});
