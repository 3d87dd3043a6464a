// Vitest global setup: makes the deploy folder with the same script as `pnpm deploy:api`, then
// copies it outside the repository, so the tests run what a server would receive and nothing
// the repository could lend it (node_modules or docs found by walking up).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { runTmpdir } from '../../apps/api/test/helpers/run-tmpdir.js';

declare module 'vitest' {
  export interface ProvidedContext {
    deployDir: string;
  }
}

const repository = fileURLToPath(new URL('../..', import.meta.url));

export default function setup(project: TestProject) {
  // The instances' data folders and the deploy folder's copy go in one folder the run removes.
  const removeTmpdir = runTmpdir('cluster');
  const made = join(repository, 'deploy/api');
  execFileSync(process.execPath, [join(repository, 'scripts/deploy-api.mjs'), made], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const outside = mkdtempSync(join(tmpdir(), 'omega-deploy-'));
  const deployDir = join(outside, 'api');
  // verbatimSymlinks: pnpm's relative links must stay relative, or they would point back here.
  cpSync(made, deployDir, { recursive: true, verbatimSymlinks: true });
  project.provide('deployDir', deployDir);
  return () => {
    rmSync(outside, { recursive: true, force: true });
    removeTmpdir();
  };
}
