// SQLite's write-ahead log is copied back into the database file by a worker thread, not by the
// commit that happens to take the log past SQLite's threshold while requests wait behind it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKSTOP_PAGES, startCheckpointer } from '../src/db/checkpointer.js';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { createTestApp, createUser, METRICS_TOKEN } from './helpers/app.js';
import { sqlite as sqliteDatabase } from './helpers/databases.js';

const opened: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of opened.splice(0)) await handle.close();
});

function open(file: string): DatabaseHandle {
  const handle = openDatabase(`sqlite:${file}`);
  opened.push(handle);
  return handle;
}

describe('SQLite checkpoints', () => {
  it('leaves checkpoints to the worker: the main connection only checkpoints as a backstop', async () => {
    const handle = open(join(mkdtempSync(join(tmpdir(), 'omega-wal-')), 'omega.db'));
    const { rows } = await sql<{
      wal_autocheckpoint: number;
    }>`PRAGMA wal_autocheckpoint`.execute(handle.db);
    expect(rows[0]?.wal_autocheckpoint).toBe(BACKSTOP_PAGES);
  });

  it('copies committed pages into the database file soon after, with no commit doing it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'omega-wal-')), 'omega.db');
    const handle = open(file);
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(handle.db);
    // A few hundred pages: under SQLite's own threshold of 1,000, so without the worker the log
    // would keep them all until a later commit crossed it.
    for (let i = 0; i < 200; i++) {
      await sql`INSERT INTO notes (body) VALUES (${'x'.repeat(3000)})`.execute(handle.db);
    }
    // Committed pages live in the log until a checkpoint copies them into the file, so the
    // file's own size shows the checkpoint (asking SQLite would run one).
    const written = 200 * 3000;
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && statSync(file).size < written) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(statSync(file).size).toBeGreaterThanOrEqual(written);
  });

  it('stops the worker on close, and what was committed is in the file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'omega-wal-')), 'omega.db');
    const first = openDatabase(`sqlite:${file}`);
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(first.db);
    await sql`INSERT INTO notes (body) VALUES ('kept')`.execute(first.db);
    await first.close();

    const again = open(file);
    const { rows } = await sql<{ body: string }>`SELECT body FROM notes`.execute(again.db);
    expect(rows).toEqual([{ body: 'kept' }]);
  });

  it('starts no worker for an in-memory database, which has no log', async () => {
    const handle = open(':memory:');
    expect(handle.journalMode).toBe('memory');
    await sql`SELECT 1`.execute(handle.db);
  });

  it('hands checkpoints back to SQLite, and says so, when the worker stops', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'omega-wal-'));
    const sqlite = new SQLite(join(dir, 'omega.db'));
    sqlite.pragma('journal_mode = WAL');
    // A file the worker cannot open: it fails as soon as it starts.
    let told: (error: Error | undefined) => void = () => {};
    const stopped = new Promise<Error | undefined>((resolve) => {
      told = resolve;
    });
    const checkpointer = startCheckpointer(sqlite, join(dir, 'missing.db'), { stopped: told });
    // The worker's error, as it crossed the thread boundary.
    expect(await stopped).toMatchObject({ code: 'SQLITE_CANTOPEN' });
    expect(checkpointer.figures().running).toBe(false);
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    sqlite.close();
  });

  it('checkpoints every database of a process from one thread, and a file it cannot open stops only that one', async () => {
    const threads = () => readdirSync('/proc/self/task').length;
    const file = () => join(mkdtempSync(join(tmpdir(), 'omega-wal-')), 'omega.db');
    const files = [file(), file(), file()];
    // The process's thread count once each database is open: the same with one as with three.
    const counts: number[] = [];
    for (const f of files) {
      await sql`SELECT 1`.execute(open(f).db);
      counts.push(threads());
    }
    expect(counts).toEqual([counts[0], counts[0], counts[0]]);

    // A file the worker cannot open: that database alone goes back to SQLite's own checkpoints.
    const dir = mkdtempSync(join(tmpdir(), 'omega-wal-'));
    const sqlite = new SQLite(join(dir, 'omega.db'));
    sqlite.pragma('journal_mode = WAL');
    const stopped = new Promise<Error | undefined>((resolve) => {
      startCheckpointer(sqlite, join(dir, 'missing.db'), { stopped: resolve });
    });
    expect(await stopped).toMatchObject({ code: 'SQLITE_CANTOPEN' });
    sqlite.close();

    // Every database the worker has still gets its log copied into its file.
    const written = 100 * 3000;
    for (const handle of opened) {
      await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(handle.db);
      for (let i = 0; i < 100; i++) {
        await sql`INSERT INTO notes (body) VALUES (${'x'.repeat(3000)})`.execute(handle.db);
      }
    }
    const deadline = Date.now() + 5_000;
    const copied = () => files.every((f) => statSync(f).size >= written);
    while (Date.now() < deadline && !copied()) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(files.map((f) => statSync(f).size >= written)).toEqual([true, true, true]);
  });

  it('lets a process that is done exit with its database still open', async () => {
    // The build, as production runs it: a worker that held the process open would hang a CLI
    // command or a script that opens the database and finishes.
    const app = new URL('../dist/app.js', import.meta.url).href;
    const dir = mkdtempSync(join(tmpdir(), 'omega-wal-'));
    // Open, write, wait for the worker to report a checkpoint (so it is up and talking), say
    // so, then finish. A file, as a script is run: `node -e` ends the process itself once its
    // code has run.
    const script = join(dir, 'script.mjs');
    writeFileSync(
      script,
      [
        `const { openDatabase } = await import(${JSON.stringify(app)});`,
        `const handle = openDatabase(${JSON.stringify(`sqlite:${join(dir, 'omega.db')}`)});`,
        "await handle.db.schema.createTable('notes').addColumn('id', 'integer').execute();",
        'while (handle.checkpointer.figures().checkpoints === 0) {',
        '  await new Promise((resolve) => setTimeout(resolve, 50));',
        '}',
        "console.log('done');",
      ].join('\n'),
    );
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      // Starting may take long on a busy machine; only the time after its work is done counts.
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('done')) resolve();
        });
        void exited.then((code) => reject(new Error(`the script ended (${code}) before its work`)));
      });
      const code = await Promise.race([
        exited,
        new Promise<'still running'>((resolve) =>
          setTimeout(() => resolve('still running'), 10_000),
        ),
      ]);
      expect(code).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it("shows operators the worker, its checkpoints, the log's size and the group commits on /metrics", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'omega-wal-')), 'omega.db');
    const t = await createTestApp(sqliteDatabase, { databaseUrl: `sqlite:${file}` });
    try {
      const scrape = async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: '/metrics',
            headers: { authorization: `Bearer ${METRICS_TOKEN}` },
          })
        ).body;
      const sample = (text: string, series: string) =>
        Number(
          text
            .split('\n')
            .find((l) => l.startsWith(`${series} `))
            ?.slice(series.length + 1),
        );
      for (let i = 0; i < 20; i++) await createUser(t.app, `writer-${i}`);
      let text = await scrape();
      // The worker reports the log as its last checkpoint found it, which can be an empty log
      // SQLite has just started over (a CI run caught 0 pages once): keep writing until a
      // checkpoint has copied pages and found some in the log.
      const deadline = Date.now() + 5_000;
      const seen = () =>
        sample(text, 'omega_sqlite_checkpoints_total') > 0 &&
        sample(text, 'omega_sqlite_wal_pages{state="log"}') > 0;
      for (let i = 20; Date.now() < deadline && !seen(); i++) {
        await createUser(t.app, `writer-${i}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        text = await scrape();
      }
      expect(sample(text, 'omega_sqlite_checkpointer_up')).toBe(1);
      expect(sample(text, 'omega_sqlite_checkpoints_total')).toBeGreaterThan(0);
      expect(sample(text, 'omega_sqlite_wal_pages{state="log"}')).toBeGreaterThan(0);
      expect(sample(text, 'omega_sqlite_wal_pages{state="uncopied"}')).toBeGreaterThanOrEqual(0);
      // Its writes' group commits too (decision 028): every write was a member of a group.
      const commits = sample(text, 'omega_sqlite_group_commits_total');
      expect(commits).toBeGreaterThan(0);
      expect(sample(text, 'omega_sqlite_group_members_total')).toBeGreaterThanOrEqual(commits);
      expect(sample(text, 'omega_sqlite_group_failures_total')).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('shows no checkpoint series for a database without a log', async () => {
    const t = await createTestApp(sqliteDatabase, { databaseUrl: 'sqlite::memory:' });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.body).not.toContain('omega_sqlite_');
    } finally {
      await t.close();
    }
  });
});
