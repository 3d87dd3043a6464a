// Before the test files start, once per run:
// - the assistant's help loads from the artifact the build wrote (packages/assistant/dist/help.bin),
//   as servers load it: a missing or stale artifact stops the run here, once, with the command
//   that builds it (`pnpm build`), rather than in every file that asks the assistant;
// - the migrations run once per database (test/helpers/databases.ts): every test database is a
//   copy of these, instead of running the fifteen migrations itself;
// - the tests that start the server or the CLI as their own process run the build
//   (dist/server.js, dist/cli.js), as production does: a build older than any source file stops
//   the run here, with the command that rebuilds it.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { helpFor } from '../src/plugins/app/help.js';
import { runTmpdir } from './helpers/run-tmpdir.js';
import { migrateTemplates } from './helpers/templates.js';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The newest modification time of the files under `dir`, in milliseconds. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

function assertBuildFresh(): void {
  let built: number;
  try {
    built = Math.min(
      statSync(join(API_DIR, 'dist/server.js')).mtimeMs,
      statSync(join(API_DIR, 'dist/cli.js')).mtimeMs,
    );
  } catch {
    throw new Error('apps/api/dist is missing: run `pnpm build` (the process tests run the build)');
  }
  if (newest(join(API_DIR, 'src')) > built) {
    throw new Error(
      'apps/api/dist is older than src/: run `pnpm build` (the process tests run the build)',
    );
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  assertBuildFresh();
  helpFor();
  const removeTmpdir = runTmpdir('api');
  const { sqliteTemplate, postgresTemplate, drop } = await migrateTemplates();
  project.provide('sqliteTemplate', sqliteTemplate);
  project.provide('postgresTemplate', postgresTemplate);
  return async () => {
    try {
      await drop();
    } finally {
      removeTmpdir();
    }
  };
}
