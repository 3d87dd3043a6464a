// The end of an event-loop turn (lib/turn-end.ts): work asked for during a turn runs together
// when its I/O callbacks are done, and work released by that work runs at the same end of turn.
import { describe, expect, it } from 'vitest';
import { atTurnEnd, MAX_ROUNDS } from '../src/lib/turn-end.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('atTurnEnd', () => {
  it('runs the work asked for in a turn together, in order, after the turn', async () => {
    const order: string[] = [];
    atTurnEnd(() => order.push('a'));
    atTurnEnd(() => order.push('b'));
    order.push('turn');
    await nextTurn();
    expect(order).toEqual(['turn', 'a', 'b']);
  });

  it("runs the work that a turn end's settled promises ask for at the same end of turn", async () => {
    const order: string[] = [];
    const done = new Promise<void>((resolve) => {
      atTurnEnd(() => {
        // A commit that releases an answer a few promise hops later, as a route's await does.
        let released = Promise.resolve();
        for (let hop = 0; hop < 5; hop++) released = released.then(() => undefined);
        void released.then(() => atTurnEnd(() => order.push('answer')));
        // What the next turn runs first.
        setImmediate(() => {
          order.push('next turn');
          resolve();
        });
      });
    });
    await done;
    expect(order).toEqual(['answer', 'next turn']);
  });

  it('lets the next turn run after a few rounds of work that keeps releasing work', async () => {
    let rounds = 0;
    let stop = false;
    const again = () => {
      rounds += 1;
      if (!stop) void Promise.resolve().then(() => atTurnEnd(again));
    };
    const nextTurnAfter = await new Promise<number>((resolve) => {
      atTurnEnd(() => {
        setImmediate(() => {
          stop = true;
          resolve(rounds);
        });
        again();
      });
    });
    // The first round ran the work asked for in the turn; each later one, what it released.
    expect(nextTurnAfter).toBe(MAX_ROUNDS);
  });

  it('runs the rest of the work when one throws, and reports the throw as uncaught', async () => {
    const uncaught: unknown[] = [];
    const listeners = process.listeners('uncaughtException');
    process.removeAllListeners('uncaughtException');
    process.on('uncaughtException', (err) => uncaught.push(err));
    try {
      const order: string[] = [];
      atTurnEnd(() => {
        throw new Error('broken work');
      });
      atTurnEnd(() => order.push('after'));
      await nextTurn();
      await nextTurn();
      expect(order).toEqual(['after']);
      expect(uncaught).toEqual([new Error('broken work')]);
      // The turn's end is not left running: later work still gets its own.
      atTurnEnd(() => order.push('later'));
      await nextTurn();
      expect(order).toEqual(['after', 'later']);
    } finally {
      process.removeAllListeners('uncaughtException');
      for (const listener of listeners) process.on('uncaughtException', listener);
    }
  });
});
