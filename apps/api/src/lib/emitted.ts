// Waiting for an emitter to say something happened, for as long as it may reasonably take.
import { type EventEmitter, on } from 'node:events';

/**
 * Resolves once `emitter` has emitted `event` `times` times, or after `withinMs`, or when it
 * emits 'error', whichever comes first; never rejects. Listens from the call, so call it before
 * the work that makes the events and await it after.
 */
export async function emitted(
  emitter: EventEmitter,
  event: string,
  times: number,
  withinMs: number,
): Promise<void> {
  if (times <= 0) return;
  let seen = 0;
  try {
    for await (const _ of on(emitter, event, { signal: AbortSignal.timeout(withinMs) })) {
      seen += 1;
      if (seen >= times) return;
    }
  } catch {
    // The time ran out, or the emitter reported an error: either way, stop waiting.
  }
}
