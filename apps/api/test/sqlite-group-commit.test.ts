// Group commit on a SQLite file (decision 028): the transactions of one event-loop turn share one
// flush, nobody is answered before their writes are committed, one member's failure leaves the
// others alone, and reads outside a transaction see committed data only.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { GroupCommitSqliteDialect } from '../src/db/sqlite-group-commit.js';

interface Schema {
  entries: { id: Generated<number>; k: string; owner: number | null };
  owners: { id: Generated<number> };
}

interface Opened {
  db: Kysely<Schema>;
  dialect: GroupCommitSqliteDialect;
  file: string;
  /** How many times the writer committed (one flush each). */
  commits(): number;
  /** A fresh connection's view of the file: what a power cut after now would keep. */
  onDisk(): string[];
}

const opened: Opened[] = [];

function cached(sqlite: SQLite.Database) {
  return { prepare: (text: string) => sqlite.prepare(text), close: () => sqlite.close() };
}

function open(maxMembers?: number): Opened {
  const file = join(mkdtempSync(join(tmpdir(), 'omega-group-')), 'group.db');
  const writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = FULL');
  writer.pragma('foreign_keys = ON');
  writer.exec('create table owners (id integer primary key)');
  writer.exec(
    'create table entries (id integer primary key, k text not null unique, ' +
      'owner integer references owners (id) deferrable initially deferred)',
  );
  writer.exec('insert into owners (id) values (1)');
  let commits = 0;
  const exec = writer.exec.bind(writer);
  writer.exec = (source: string) => {
    if (source === 'commit') commits += 1;
    return exec(source);
  };
  const reader = new SQLite(file, { readonly: true, fileMustExist: true });
  const dialect = new GroupCommitSqliteDialect({
    writer: cached(writer),
    raw: writer,
    reader: cached(reader),
    ...(maxMembers ? { maxMembers } : {}),
  });
  const db = new Kysely<Schema>({ dialect });
  const handle: Opened = {
    db,
    dialect,
    file,
    commits: () => commits,
    onDisk() {
      const other = new SQLite(file, { readonly: true });
      const rows = other.prepare('select k from entries order by id').all() as { k: string }[];
      other.close();
      return rows.map((r) => r.k);
    },
  };
  opened.push(handle);
  return handle;
}

afterEach(async () => {
  for (const { db } of opened.splice(0)) await db.destroy();
});

const insert = (db: Kysely<Schema>, k: string, owner: number | null = null) =>
  db.insertInto('entries').values({ k, owner }).execute();

describe('SQLite group commit', () => {
  it('commits the transactions of one turn with one flush, and answers none before it', async () => {
    const { db, dialect, commits, onDisk } = open();
    const answered: string[] = [];
    const all = Array.from({ length: 16 }, (_, i) =>
      db
        .transaction()
        .execute((trx) => insert(trx, `t${i}`))
        .then(() => {
          answered.push(`t${i}`);
          // Whoever is answered finds their write on disk already.
          expect(onDisk()).toContain(`t${i}`);
        }),
    );
    await Promise.all(all);
    expect(answered).toHaveLength(16);
    expect(commits()).toBe(1);
    expect(onDisk()).toHaveLength(16);
    // What /metrics shows an operator: one commit served sixteen writes.
    expect(dialect.figures()).toEqual({ commits: 1, members: 16, failed: 0 });
  });

  it('shows reads outside a transaction committed data only, without waiting', async () => {
    const { db, onDisk } = open();
    // The read queues behind the transaction for the connection and runs when the member has
    // finished, before the turn ends and the group is flushed.
    const [, seen] = await Promise.all([
      db.transaction().execute((trx) => insert(trx, 'pending')),
      db
        .selectFrom('entries')
        .select('k')
        .execute()
        .then((rows) => ({ rows, onDisk: onDisk() })),
    ]);
    expect(seen).toEqual({ rows: [], onDisk: [] });
    expect(await db.selectFrom('entries').select('k').execute()).toEqual([{ k: 'pending' }]);
  });

  it('rolls back a failing member only; the rest of its group is committed', async () => {
    const { db, commits, onDisk } = open();
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 'a')),
      db.transaction().execute(async (trx) => {
        await insert(trx, 'b');
        await insert(trx, 'a'); // unique: this member fails after a write of its own
      }),
      db.transaction().execute(async (trx) => {
        await insert(trx, 'c');
        throw new Error('the handler changed its mind');
      }),
      insert(db, 'd'), // a write outside a transaction is a member too
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect(onDisk()).toEqual(['a', 'd']);
    expect(commits()).toBe(1);
  });

  it("reports a member's failure only once what it saw of the group is committed", async () => {
    const { db, onDisk } = open();
    const seen: string[][] = [];
    await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 'first')),
      // The same key a moment later, as a retried request would: it fails on the first's row,
      // which only the writer sees yet, and is told so only once that row is on disk.
      insert(db, 'first').catch((error) => {
        seen.push(onDisk());
        throw error;
      }),
    ]);
    expect(seen).toEqual([['first']]);
  });

  it('fails every member when the commit fails, and the next group works', async () => {
    const { db, dialect, onDisk } = open();
    // A deferred foreign key is checked at the commit, the one thing a member cannot see.
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 'x', 1)),
      db.transaction().execute((trx) => insert(trx, 'y', 99)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(onDisk()).toEqual([]);
    await db.transaction().execute((trx) => insert(trx, 'z', 1));
    expect(onDisk()).toEqual(['z']);
    expect(dialect.figures()).toEqual({ commits: 1, members: 1, failed: 1 });
  });

  it('runs a write the read connection cannot prepare yet (its table is in the open group)', async () => {
    const { db } = open();
    await Promise.all([
      db.transaction().execute((trx) => sql`create table later (v text)`.execute(trx)),
      sql`insert into later (v) values ('joined')`.execute(db),
    ]);
    expect((await sql<{ v: string }>`select v from later`.execute(db)).rows).toEqual([
      { v: 'joined' },
    ]);
  });

  it('runs a pragma that sets something outside any group, where it takes effect', async () => {
    const { db, onDisk } = open();
    await Promise.all([
      insert(db, 'before'),
      sql`pragma foreign_keys = off`.execute(db),
      insert(db, 'orphan', 99), // no owner 99: allowed once foreign keys are off
    ]);
    expect(onDisk()).toEqual(['before', 'orphan']);
    expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows).toEqual([
      { foreign_keys: 0 },
    ]);
  });

  it('bounds a group by its member count', async () => {
    const { db, commits, onDisk } = open(2);
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => db.transaction().execute((trx) => insert(trx, `m${i}`))),
    );
    expect(commits()).toBe(3);
    expect(onDisk()).toHaveLength(5);
  });

  it('keeps savepoints inside a member working', async () => {
    const { db, onDisk } = open();
    await db.transaction().execute(async (trx) => {
      await insert(trx, 'kept');
      await sql`savepoint inner_one`.execute(trx);
      await insert(trx, 'undone');
      await sql`rollback to inner_one`.execute(trx);
      await sql`release inner_one`.execute(trx);
    });
    expect(onDisk()).toEqual(['kept']);
  });

  it('is what the API opens for a SQLite file, and a closed database keeps what was answered', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'omega-group-api-')), 'omega.db');
    const handle = openDatabase(`sqlite:${file}`);
    await sql`create table notes (id integer primary key, body text not null)`.execute(handle.db);
    await Promise.all(
      ['one', 'two', 'three'].map((body) =>
        handle.db
          .transaction()
          .execute((trx) => sql`insert into notes (body) values (${body})`.execute(trx)),
      ),
    );
    await handle.close();
    const other = new SQLite(file, { readonly: true });
    expect(other.prepare('select count(*) as n from notes').get()).toEqual({ n: 3 });
    other.close();
  });
});
