// Runs a transaction again when PostgreSQL ended it to break a deadlock or a serialization
// conflict (lib/unavailable.ts, kind `contention`): the transaction rolled back whole, so running
// it again is safe, and the other one has usually finished by then. Writes lock their rows in one
// order (issue 35), so this is the rare case; after the last try the error handler answers 503.
import { setTimeout as sleep } from 'node:timers/promises';
import { unavailable } from './unavailable.js';

export async function retryOnContention<T>(work: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= tries || unavailable(err)?.kind !== 'contention') throw err;
      // A few milliseconds, more each time and never the same for two requests, so the two
      // transactions that met do not meet again at once.
      await sleep(attempt * 10 + Math.floor(Math.random() * 20));
    }
  }
}
