// The end of an event-loop turn: work that waits until the turn's I/O callbacks are done, so
// that everything the turn's requests started shares it — one SQLite commit (decision 028), one
// write of the turn's answers (decision 053). One `setImmediate` runs it, in the order it was
// asked for. Work asked for while it runs, from the promises it settled (an answer a commit
// has just released), runs at the same end of turn once those promises have run, not a whole
// turn later behind the next requests' work.

type Work = () => void;

/**
 * Rounds of released work one end of turn runs before the rest waits for the next turn: enough
 * for a commit, the answers it releases, and a second write of theirs with its own answer. More
 * would let a chain of work (a caller that sends its next request from the answer's promise, as
 * in-process callers do) hold the sockets up for as long as it runs.
 */
export const MAX_ROUNDS = 4;

let queue: Work[] = [];
let running = false;
let rounds = 0;

/** Runs `work` when this turn's I/O callbacks are done (now, if the turn's end is running). */
export function atTurnEnd(work: Work): void {
  queue.push(work);
  if (queue.length === 1 && !running) setImmediate(run);
}

function run(): void {
  running = true;
  rounds += 1;
  const due = queue;
  queue = [];
  for (const work of due) {
    try {
      work();
    } catch (err) {
      // As a throw from its own setImmediate would: uncaught, without stopping the others.
      queueMicrotask(() => {
        throw err;
      });
    }
  }
  // Node runs a tick asked for from a microtask only once the microtasks are all done, those
  // they queued included: by then every promise this work settled has run, and what it asked
  // for is in the queue. (A tick asked for here would run before them.)
  queueMicrotask(() => process.nextTick(settled));
}

function settled(): void {
  if (queue.length === 0) {
    running = false;
    rounds = 0;
  } else if (rounds < MAX_ROUNDS) {
    run();
  } else {
    // Work that keeps releasing work does not hold the sockets up: the rest is the next turn's.
    running = false;
    rounds = 0;
    setImmediate(run);
  }
}
