// Waiting for an emitter to say something happened, for as long as it may reasonably take.
import type { EventEmitter } from 'node:events';

/**
 * Resolves once `emitter` has emitted `event` `times` times, or after `withinMs`, whichever comes
 * first; never rejects. Listens from the call, so call it before the work that makes the events
 * and await it after. The time limit holds the process open: a close waiting here must get to
 * its next step (with AbortSignal.timeout, whose timer does not, a process whose last socket
 * was ending exited in the middle of the close, code 13).
 */
export function emitted(
  emitter: EventEmitter,
  event: string,
  times: number,
  withinMs: number,
): Promise<void> {
  if (times <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const count = () => {
      seen += 1;
      if (seen >= times) finish();
    };
    const finish = () => {
      clearTimeout(bound);
      emitter.off(event, count);
      resolve();
    };
    const bound = setTimeout(finish, withinMs);
    emitter.on(event, count);
  });
}
