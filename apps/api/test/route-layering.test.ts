// Routes are thin: they read the request, call a service and shape the answer. A route that
// reaches a repository or the database itself skips the service that owns the transaction and
// the activity entry, so this fails on the first one, naming the file and the line.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCES = join(import.meta.dirname, '../src');
const ROUTES = join(SOURCES, 'routes');

const FORBIDDEN: ReadonlyArray<{ pattern: RegExp; why: string }> = [
  { pattern: /\.repos\b/, why: 'uses app.repos: call a service instead' },
  { pattern: /from\s+['"][./]*\/repositories\//, why: 'imports a repository' },
  { pattern: /\bapp\.database\b/, why: 'uses the database handle: call a service instead' },
  { pattern: /from\s+['"]kysely['"]/, why: 'imports Kysely: queries belong in repositories' },
];

/** Every `file:line: why` where a route file breaks the layering. */
export function layeringViolations(files: ReadonlyArray<{ name: string; text: string }>) {
  const found: string[] = [];
  for (const { name, text } of files) {
    text.split('\n').forEach((line, i) => {
      for (const { pattern, why } of FORBIDDEN) {
        if (pattern.test(line)) found.push(`${name}:${i + 1}: ${why}`);
      }
    });
  }
  return found;
}

describe('route layering', () => {
  it('no route calls a repository or the database directly', () => {
    const files = readdirSync(ROUTES, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => ({
        name: `src/routes/${name}`,
        text: readFileSync(join(ROUTES, name), 'utf8'),
      }));
    expect(files.length).toBeGreaterThan(0);
    expect(layeringViolations(files)).toEqual([]);
  });

  it('catches each way of reaching a repository or the database', () => {
    const route = [
      "import { toUser } from '../repositories/users.js';",
      "import { sql } from 'kysely';",
      'const rows = await app.repos.users.page(0, 10);',
      'await sql`select 1`.execute(app.database.db);',
      'const { users } = app.repos;',
    ].join('\n');
    expect(layeringViolations([{ name: 'r.ts', text: route }])).toEqual([
      'r.ts:1: imports a repository',
      'r.ts:2: imports Kysely: queries belong in repositories',
      'r.ts:3: uses app.repos: call a service instead',
      'r.ts:4: uses the database handle: call a service instead',
      'r.ts:5: uses app.repos: call a service instead',
    ]);
  });
});

/** Every `file:line` of the API's sources that opens a transaction but through `inTransaction`. */
export function transactionsOpenedElsewhere(files: ReadonlyArray<{ name: string; text: string }>) {
  const found: string[] = [];
  for (const { name, text } of files) {
    if (name === 'src/lib/transaction.ts') continue;
    text.split('\n').forEach((line, i) => {
      if (/\.transaction\(\)/.test(line)) found.push(`${name}:${i + 1}`);
    });
  }
  return found;
}

describe('transactions', () => {
  // What waits for a commit (the activity counter, lib/transaction.ts) runs only for the
  // transactions `inTransaction` opened; `afterCommit` refuses any other.
  it('are all opened by inTransaction, so what waits for their commit runs', () => {
    const files = readdirSync(SOURCES, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => ({ name: `src/${name}`, text: readFileSync(join(SOURCES, name), 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(transactionsOpenedElsewhere(files)).toEqual([]);
    expect(
      transactionsOpenedElsewhere([
        { name: 'src/services/s.ts', text: 'await db\n  .transaction()\n  .execute(work);' },
      ]),
    ).toEqual(['src/services/s.ts:2']);
  });
});
