// What the load generator is asked to do and what it answers: plain data, sent over IPC.

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  /** Seconds. */
  duration: number;
  /** Connection i sends headers[i % length] on top of `headers` (one session per user). */
  perConnectionHeaders?: Record<string, string>[];
  /** Each connection sends these bodies in turn (a plan change back and forth). */
  bodies?: string[];
  /** Replaced in the body by a string unique to each request (idempotency keys). */
  uniquePlaceholder?: string;
}

export interface LoadResult {
  /** Answers received in the run. */
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** How many answers had each status. */
  statuses: Record<string, number>;
  errors: number;
  /** CPU time the load generator used in the run, microseconds. */
  cpuMicros: number;
}
