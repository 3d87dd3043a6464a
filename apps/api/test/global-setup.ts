// Before the test files start, once per run:
// - the assistant's help loads from the artifact the build wrote (packages/assistant/dist/help.bin),
//   as servers load it: a missing or stale artifact stops the run here, once, with the command
//   that builds it (`pnpm build`), rather than in every file that asks the assistant;
// - the migrations run once per database (test/helpers/databases.ts): every test database is a
//   copy of these, instead of running the fifteen migrations itself.
import type { TestProject } from 'vitest/node';
import { helpFor } from '../src/plugins/app/help.js';
import { migrateTemplates } from './helpers/templates.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  helpFor();
  const { sqliteTemplate, postgresTemplate, drop } = await migrateTemplates();
  project.provide('sqliteTemplate', sqliteTemplate);
  project.provide('postgresTemplate', postgresTemplate);
  return drop;
}
