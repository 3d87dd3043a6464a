// One Chromium for the whole run (vitest's globalSetup), which every suite connects to; each
// test still gets a browser context of its own (harness.ts). Launching a browser per file cost
// about 4.5 s of CPU each, twenty times a run.
//
// The browser is Debian's full Chromium in its headless mode, which opens with every window
// (every context) the omnibox's pop-up pages, a browser interface no test uses: measured here,
// 20 contexts took 33.6 s of CPU with them and 17.9 without. They are switched off with
// --disable-features. Chromium honours only the last --disable-features on its command line, and
// Playwright passes its own list, so ours joins theirs instead of replacing it: a first launch
// reads their list from the command line Playwright gave Chromium (decision 032).
import { existsSync } from 'node:fs';
import { type BrowserServer, chromium } from 'playwright-core';
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

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared browser's address for playwright-core's connect; null without Chromium. */
    browserEndpoint: string | null;
  }
}

const disabledIn = (args: readonly string[]) => args.filter((a) => a.startsWith(DISABLE));

/** Launches Chromium with Playwright's features switched off and ours as well. */
async function launchBrowserServer(): Promise<BrowserServer> {
  const probe = await chromium.launchServer({ executablePath: CHROMIUM, args: FLAGS });
  const theirs = disabledIn(probe.process().spawnargs);
  await probe.close();
  const features = [
    ...theirs.flatMap((a) => a.slice(DISABLE.length).split(',')),
    ...UNUSED_FEATURES,
  ];
  const server = await chromium.launchServer({
    executablePath: CHROMIUM,
    ignoreDefaultArgs: theirs,
    args: [...FLAGS, `${DISABLE}${[...new Set(features)].join(',')}`],
  });
  // What Chromium will honour: the one list, with every feature Playwright's carried.
  const given = disabledIn(server.process().spawnargs);
  const honoured = new Set(given.at(-1)?.slice(DISABLE.length).split(','));
  const lost = features.filter((f) => !honoured.has(f));
  if (given.length !== 1 || lost.length > 0) {
    await server.close();
    throw new Error(`Chromium would not disable ${lost.join(', ')}: ${given.join(' ')}`);
  }
  return server;
}

export default async function setup(project: TestProject) {
  // The servers' data folders and the browser's profile go in one folder the run removes.
  const removeTmpdir = runTmpdir('e2e');
  if (!existsSync(CHROMIUM)) {
    // Each browser suite then says why it is skipped (or fails, in CI): harness.ts.
    project.provide('browserEndpoint', null);
    return removeTmpdir;
  }
  const server = await launchBrowserServer();
  project.provide('browserEndpoint', server.wsEndpoint());
  return async () => {
    try {
      await server.close();
    } finally {
      removeTmpdir();
    }
  };
}
