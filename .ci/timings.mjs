// Prints where a CI run's time went (.ci/run calls it at the end, pass or fail): the phases
// .ci/run timed itself (arguments `name=seconds`), then each task of the newest turbo run
// summary (.turbo/runs/*.json, written because .ci/run sets TURBO_RUN_SUMMARY), longest first,
// with when it started after the first task did; then, when a task failed, the lines of the test
// output (.turbo/ci-test.log, written by .ci/run) that name a failing test and its error, so a
// run whose output is cut short still says what failed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
const lines = ['', 'CI phases:'];
for (const arg of process.argv.slice(2)) {
  const [name, value] = arg.split('=');
  lines.push(`  ${seconds(Number(value) * 1000)}  ${name}`);
}

/**
 * The whole machine's CPU over the test phase, from /proc/stat's counters (.ci/run saved them as
 * the tests started): a run whose cores were busy throughout is bound by work, and only less work
 * makes it shorter; idle CPU means it waited.
 */
function machineCpu() {
  try {
    const ticks = (line) => line.trim().split(/\s+/).slice(1).map(Number);
    const start = ticks(readFileSync(join(process.cwd(), '.turbo', 'ci-cpu-start'), 'utf8'));
    const end = ticks(readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '');
    // user nice system idle iowait irq softirq steal: idle and iowait are the waiting.
    const delta = end.slice(0, 8).map((v, i) => v - (start[i] ?? 0));
    const idle = (delta[3] ?? 0) + (delta[4] ?? 0);
    const busy = delta.reduce((a, b) => a + b, 0) - idle;
    const model = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1];
    const cores = readFileSync('/proc/cpuinfo', 'utf8').match(/^processor\s*:/gm)?.length;
    // The kernel counts in USER_HZ, 100 a second on Linux.
    return `  ${(busy / 100).toFixed(0)} CPU-s busy, ${(idle / 100).toFixed(0)} idle (${((100 * busy) / (busy + idle)).toFixed(0)}% busy) on ${cores} × ${model}`;
  } catch {
    return undefined;
  }
}
const cpu = machineCpu();
if (cpu) lines.push('', 'The machine during the tests:', cpu);

const runs = join(process.cwd(), '.turbo', 'runs');
let newest;
try {
  newest = readdirSync(runs)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(runs, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
} catch {
  // No summary: turbo did not run.
}
const summary = newest ? JSON.parse(readFileSync(newest, 'utf8')) : { tasks: [] };
if (newest) {
  const tasks = (summary.tasks ?? []).filter((t) => t.execution);
  const start = Math.min(...tasks.map((t) => t.execution.startTime));
  lines.push('', 'turbo tasks (longest first; "at" is when each started):');
  for (const t of tasks.sort(
    (a, b) =>
      b.execution.endTime - b.execution.startTime - (a.execution.endTime - a.execution.startTime),
  )) {
    const { startTime, endTime, exitCode } = t.execution;
    const cached = t.cache?.status === 'HIT' ? ' (cached)' : '';
    const failed = exitCode ? ` (exit ${exitCode})` : '';
    lines.push(
      `  ${seconds(endTime - startTime)}  at ${seconds(startTime - start)}  ${t.taskId}${cached}${failed}`,
    );
  }
}

/** A failed test (vitest's ×), a failed file, an error and its expectation, a type error. */
const FAILING = /(:\s+[×✗] |\bFAIL\b|Error:|Expected|Received|error TS\d+|ELIFECYCLE)/;
let log = '';
try {
  log = readFileSync(join(process.cwd(), '.turbo', 'ci-test.log'), 'utf8');
} catch {
  // No test output: the run stopped before the tests.
}
const failing = (summary.tasks ?? []).filter((t) => t.execution?.exitCode);
if (failing.length > 0 && log) {
  // Only the failed tasks' lines (turbo prefixes each with `<package>:<task>: `): a passing suite
  // may print an expected error (the cluster's kill -9 lists the requests it saw fail).
  const prefixes = failing.map((t) => `${t.taskId.replace('#', ':')}: `);
  const found = [
    ...new Set(
      log
        .split('\n')
        .map(stripVTControlCharacters)
        .filter((l) => prefixes.some((p) => l.startsWith(p)) && FAILING.test(l)),
    ),
  ];
  lines.push('', 'What failed (lines of the test output naming a failure):');
  for (const l of found.slice(0, 80)) lines.push(`  ${l.trim().slice(0, 240)}`);
  if (found.length > 80) lines.push(`  ... ${found.length - 80} more in .turbo/ci-test.log`);
}
process.stdout.write(`${lines.join('\n')}\n`);
