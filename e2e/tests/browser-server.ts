// One Chromium for each worker, launched in the worker's own process the first time one of its
// files asks, and kept for the next files (the suite keeps its modules between files: vitest.config.ts);
// each test still gets a browser context of its own (harness.ts). Launching a browser per file
// cost about 4.5 s of CPU each, twenty times a run. One browser for the whole run, in vitest's
// main process with the workers connected to it, cost every call between a test and its page a
// second process and two JSON hops: the same page work took 147 ms of Node's CPU connected and
// 82 ms in one process (decision 032).
//
// This global setup works out the flags once and hands them to the workers, and at the end makes
// sure no browser of the run is left running.
//
// The browser is Debian's full Chromium in its headless mode, which opens with every window
// (every context) the omnibox's pop-up pages, a browser interface no test uses: measured here,
// 20 contexts took 33.6 s of CPU with them and 17.9 without. They are switched off with
// --disable-features. Chromium honours only the last --disable-features on its command line, and
// Playwright passes its own list, so ours joins theirs instead of replacing it: a first launch
// reads their list from the command line Playwright gave Chromium (decision 032).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { type Browser, chromium, type LaunchOptions } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { runTmpdir } from '../../apps/api/test/helpers/run-tmpdir.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every browser test runs Chromium with. */
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/**
 * Parts of the full browser no test uses, opened with each window (see above), and the spare
 * renderer: Chromium starts a renderer process ahead of the next page, for the browser context
 * of the last one. Every test opens a context of its own, so each spare was started and thrown
 * away unused: a new context and page with two loads of /auth took 2.08–2.28 s of Chromium's CPU
 * with it and 1.74–1.82 without (decision 032). What a page does is the same either way.
 */
const UNUSED_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'SpareRendererForSitePerProcess',
];

const DISABLE = '--disable-features=';

/** How each worker launches its Chromium: Playwright's defaults, less its list of disabled features, and ours. */
export type ChromiumLaunch = Pick<LaunchOptions, 'args' | 'ignoreDefaultArgs'>;

declare module 'vitest' {
  export interface ProvidedContext {
    /** How a worker launches Chromium; null without Chromium. */
    chromiumLaunch: ChromiumLaunch | null;
  }
}

const disabledIn = (args: readonly string[]) => args.filter((a) => a.startsWith(DISABLE));

/** Each running process's id with what `read` answers from its /proc entry (if it could). */
function* processes<T>(read: (pid: string) => T): Generator<[number, T]> {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let value: T;
    try {
      value = read(pid);
    } catch {
      continue; // Gone meanwhile, or not ours to read.
    }
    yield [Number(pid), value];
  }
}

/**
 * Works out the launch: Playwright's features switched off and ours as well, from the command
 * line Playwright gives a first launch (each worker then checks its own: checkDisabledFeatures).
 */
async function chromiumLaunch(): Promise<ChromiumLaunch> {
  const probe = await chromium.launchServer({ executablePath: CHROMIUM, args: FLAGS });
  const theirs = disabledIn(probe.process().spawnargs);
  await probe.close();
  const features = [
    ...theirs.flatMap((a) => a.slice(DISABLE.length).split(',')),
    ...UNUSED_FEATURES,
  ];
  return {
    ignoreDefaultArgs: theirs,
    args: [...FLAGS, `${DISABLE}${[...new Set(features)].join(',')}`],
  };
}

/**
 * Checks the command line this process's Chromium runs with (from /proc, after Debian's launcher
 * added its flags): one list of disabled features, ours, since Chromium honours only the last.
 */
function checkDisabledFeatures(launch: ChromiumLaunch) {
  const wanted =
    disabledIn(launch.args ?? [])
      .at(-1)
      ?.slice(DISABLE.length)
      .split(',') ?? [];
  const read = (pid: string) => ({
    stat: readFileSync(`/proc/${pid}/stat`, 'utf8'),
    command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'),
  });
  for (const [, { stat, command }] of processes(read)) {
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    // Debian's /usr/bin/chromium is a script that execs the browser with flags of its own.
    if (parent !== process.pid || !command.includes('--remote-debugging-pipe')) continue;
    const given = disabledIn(command);
    const honoured = new Set(given.at(-1)?.slice(DISABLE.length).split(','));
    const lost = wanted.filter((f) => !honoured.has(f));
    if (given.length !== 1 || lost.length > 0) {
      throw new Error(`Chromium would not disable ${lost.join(', ')}: ${given.join(' ')}`);
    }
    return;
  }
  throw new Error(`No Chromium started by this process (${process.pid}) was found in /proc`);
}

let launched: Promise<Browser> | undefined;

/**
 * This worker's Chromium, launched on first use. Playwright closes it when the worker's process
 * exits, and Chromium, talking to it over a pipe, would end with the process in any case.
 */
export async function workerBrowser(launch: ChromiumLaunch): Promise<Browser> {
  const current = await launched;
  if (current?.isConnected()) return current;
  launched = chromium.launch({ executablePath: CHROMIUM, ...launch }).then((browser) => {
    checkDisabledFeatures(launch);
    return browser;
  });
  return launched;
}

/**
 * The processes the run's workers left: they, and every process they started, have the run's
 * folder as TMPDIR (this process was started before it was set).
 */
function processesOfTheRun(dir: string): number[] {
  const environment = (pid: string) => `\0${readFileSync(`/proc/${pid}/environ`, 'utf8')}`;
  return [...processes(environment)]
    .filter(([, env]) => env.includes(`\0TMPDIR=${dir}\0`))
    .map(([pid]) => pid);
}

export default async function setup(project: TestProject) {
  // The servers' data folders and the browsers' profiles go in one folder the run removes.
  const removeTmpdir = runTmpdir('e2e');
  const dir = process.env.TMPDIR as string;
  if (!existsSync(CHROMIUM)) {
    // Each browser suite then says why it is skipped (or fails, in CI): harness.ts.
    project.provide('chromiumLaunch', null);
    return removeTmpdir;
  }
  project.provide('chromiumLaunch', await chromiumLaunch());
  return async () => {
    // The workers have exited, and Playwright has told their browsers to end: they take a
    // moment, and their profiles are in the folder about to be removed.
    const deadline = Date.now() + 10_000;
    let left = processesOfTheRun(dir);
    while (left.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      left = processesOfTheRun(dir);
    }
    for (const pid of left) process.kill(pid, 'SIGKILL');
    removeTmpdir();
    if (left.length > 0) {
      throw new Error(`${left.length} processes of the browser tests outlived them by 10 s`);
    }
  };
}
