// Production opens a SQLite file through the grouped driver (db/sqlite-group-commit.ts, decision
// 028): transactions share commits, each runs inside a savepoint of the group, reads outside a
// transaction go to a second connection. Its promise is that none of that shows: a burst of
// mixed transactions started together — transfers that read before they write, members that
// fail on a constraint or by throwing, savepoints rolled back inside a member, reads between —
// ends in exactly the rows, and gives exactly the answers, that Kysely's stock driver (one
// connection, one transaction at a time) gives for the same burst.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, SQLITE_SYNCHRONOUS } from '../src/db/database.js';
import { createTestApp } from './helpers/app.js';
import { sqlite } from './helpers/databases.js';

interface Schema {
  accounts: { id: number; balance: number };
  ledger: { id: Generated<number>; key: string; from_id: number; to_id: number; amount: number };
  notes: { id: Generated<number>; body: string };
}

type Operation =
  | { kind: 'transfer'; key: string; from: number; to: number; amount: number }
  | { kind: 'note-with-undone-part'; body: string }
  | { kind: 'read'; account: number }
  | { kind: 'throws'; body: string };

const ACCOUNTS = 8;

/** A seeded generator (mulberry32), so both drivers get the same burst. */
function seeded(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

/** Transfers (some reusing a key, some overdrawing), notes with a savepoint, throws, reads. */
function burst(length: number): Operation[] {
  const pick = seeded(2026);
  const keys: string[] = [];
  return Array.from({ length }, (_, i): Operation => {
    const roll = pick(10);
    if (roll < 6) {
      // One transfer in five reuses an earlier key: the ledger's unique key refuses it.
      const key = keys.length && pick(5) === 0 ? (keys[pick(keys.length)] as string) : `k${i}`;
      keys.push(key);
      const from = pick(ACCOUNTS) + 1;
      return {
        kind: 'transfer',
        key,
        from,
        to: ((from + pick(ACCOUNTS - 1)) % ACCOUNTS) + 1,
        amount: pick(60) + 1,
      };
    }
    if (roll < 8) return { kind: 'note-with-undone-part', body: `note ${i}` };
    if (roll < 9) return { kind: 'read', account: pick(ACCOUNTS) + 1 };
    return { kind: 'throws', body: `thrown ${i}` };
  });
}

async function run(db: Kysely<Schema>, op: Operation): Promise<string> {
  switch (op.kind) {
    case 'transfer':
      return db.transaction().execute(async (trx) => {
        // Reads, then decides: the answer depends on every transfer committed before it.
        const { balance } = await trx
          .selectFrom('accounts')
          .select('balance')
          .where('id', '=', op.from)
          .executeTakeFirstOrThrow();
        if (balance < op.amount) return `declined ${balance}`;
        await trx
          .insertInto('ledger')
          .values({ key: op.key, from_id: op.from, to_id: op.to, amount: op.amount })
          .execute();
        await trx
          .updateTable('accounts')
          .set({ balance: sql`balance - ${op.amount}` })
          .where('id', '=', op.from)
          .execute();
        await trx
          .updateTable('accounts')
          .set({ balance: sql`balance + ${op.amount}` })
          .where('id', '=', op.to)
          .execute();
        return `moved ${op.amount}`;
      });
    case 'note-with-undone-part':
      return db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ body: op.body }).execute();
        await sql`savepoint part`.execute(trx);
        await trx
          .insertInto('notes')
          .values({ body: `${op.body} (undone)` })
          .execute();
        await sql`rollback to part`.execute(trx);
        await sql`release part`.execute(trx);
        return 'noted';
      });
    case 'read': {
      const row = await db
        .selectFrom('accounts')
        .select('balance')
        .where('id', '=', op.account)
        .executeTakeFirst();
      // Outside a transaction a read may see more or fewer of the burst's commits: only
      // whether it answered is compared.
      return row ? 'read' : 'missing';
    }
    case 'throws':
      return db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ body: op.body }).execute();
        throw new Error('changed its mind');
      });
  }
}

async function outcome(db: Kysely<Schema>) {
  await sql`create table accounts (id integer primary key, balance integer not null check (balance >= 0))`.execute(
    db,
  );
  await sql`create table ledger (id integer primary key, key text not null unique, from_id integer not null references accounts (id), to_id integer not null references accounts (id), amount integer not null)`.execute(
    db,
  );
  await sql`create table notes (id integer primary key, body text not null)`.execute(db);
  await db
    .insertInto('accounts')
    .values(Array.from({ length: ACCOUNTS }, (_, i) => ({ id: i + 1, balance: 100 })))
    .execute();
  const settled = await Promise.allSettled(burst(400).map((op) => run(db, op)));
  const answers = settled.map((s) =>
    s.status === 'fulfilled' ? s.value : `failed: ${(s.reason as Error).message.split(':')[0]}`,
  );
  return {
    answers,
    accounts: await db.selectFrom('accounts').selectAll().orderBy('id').execute(),
    ledger: await db.selectFrom('ledger').selectAll().orderBy('id').execute(),
    notes: await db.selectFrom('notes').selectAll().orderBy('id').execute(),
  };
}

const file = (name: string) => join(mkdtempSync(join(tmpdir(), 'omega-drivers-')), name);
const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

describe('SQLite drivers', () => {
  it('the grouped driver ends a burst of mixed transactions exactly as the stock driver does', async () => {
    // Stock: Kysely's own driver on a file opened with production's pragmas.
    const raw = new SQLite(file('stock.db'));
    raw.pragma('journal_mode = WAL');
    raw.pragma(`synchronous = ${SQLITE_SYNCHRONOUS}`);
    raw.pragma('foreign_keys = ON');
    const stock = new Kysely<Schema>({ dialect: new SqliteDialect({ database: raw }) });
    closing.push(() => stock.destroy());
    // Grouped: the database exactly as `DATABASE_URL=sqlite:<file>` opens it.
    const production = openDatabase(`sqlite:${file('grouped.db')}`);
    closing.push(() => production.close());
    expect(production.groupCommit).not.toBeNull();
    const grouped = production.db as unknown as Kysely<Schema>;

    const expected = await outcome(stock);
    const actual = await outcome(grouped);
    // The burst exercised every path: moves, declines, refused keys, thrown members.
    for (const answer of [
      'moved',
      'declined',
      'failed: UNIQUE constraint failed',
      'failed: changed its mind',
      'noted',
      'read',
    ]) {
      expect(
        expected.answers.some((a) => a.startsWith(answer)),
        answer,
      ).toBe(true);
    }
    expect(actual).toEqual(expected);
    // And its commits were shared: fewer flushes than transactions.
    const figures = production.groupCommit?.figures();
    expect(figures?.commits).toBeLessThan(figures?.members ?? 0);
  });

  it('is what every API test on SQLite opens: a file through the production driver', async () => {
    const t = await createTestApp(sqlite);
    try {
      const { database } = t.app;
      expect(database.dialect).toBe('sqlite');
      expect(database.journalMode).toBe('wal');
      expect(database.groupCommit).not.toBeNull();
      expect(database.checkpointer?.figures().running).toBe(true);
      expect(t.app.config.databaseUrl).toMatch(/^sqlite:\/.+\.db$/);
    } finally {
      await t.close();
    }
  });
});
