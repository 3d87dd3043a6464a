// For the revocation tests: a holder of a cookie keeps sending requests while its session is
// ended, and every request sent more than the cache's bound after the end must be refused.

/**
 * Waits until every key of `endedAt` has had `count` requests sent (`sent`, times from
 * performance.now()) more than `boundMs` after its end, or `deadlineMs` has passed. A fixed
 * sleep left too few requests to judge when other suites shared the machine and each request
 * took longer; the tests still fail when fewer than `count` were sent.
 */
export async function untilSentAfter(
  sent: ReadonlyMap<string, ReadonlyArray<{ at: number }>>,
  endedAt: ReadonlyMap<string, number>,
  boundMs: number,
  count: number,
  deadlineMs = 30_000,
): Promise<void> {
  const late = (key: string) =>
    (sent.get(key) ?? []).filter((s) => s.at > (endedAt.get(key) ?? Infinity) + boundMs).length;
  const until = performance.now() + deadlineMs;
  while (performance.now() < until && [...endedAt.keys()].some((key) => late(key) < count)) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
