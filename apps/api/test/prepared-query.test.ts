// Prepared queries (lib/prepared-query.ts): compiled once per database and shape, each call with
// its own arguments, in transactions too; and a query whose arguments would not stay parameters
// is refused rather than cached wrong.
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { Database } from '../src/db/schema.js';
import { PreparedQueryError, prepare } from '../src/lib/prepared-query.js';
import { WalletsRepository } from '../src/repositories/wallets.js';
import { describeEachDatabase } from './helpers/databases.js';

describeEachDatabase('prepared queries', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let db: Kysely<Database>;

  beforeEach(async () => {
    const created = await database.create();
    drop = created.drop;
    handle = openDatabase(created.url);
    await migrateToLatest(handle.db, handle.schema);
    db = handle.db;
    await db
      .insertInto('wallet_balances')
      .values([
        { account: 'wallet:+1', asset: 'USDC', amount: '100' },
        { account: 'wallet:+1', asset: 'BTC', amount: '7' },
        { account: 'wallet:+2', asset: 'USDC', amount: '5' },
      ])
      .execute();
  });
  afterEach(async () => {
    await handle.close();
    await drop();
  });

  const balance = prepare<{ account: string; asset: string }, { amount: string }>((d, arg) =>
    d
      .selectFrom('wallet_balances')
      .select(sql<string>`cast(amount as text)`.as('amount'))
      .where('account', '=', arg('account'))
      .where('asset', '=', arg('asset')),
  );

  it('compiles once and answers each call with its own arguments, inside transactions too', async () => {
    const compile = vi.fn();
    const counted = prepare<{ account: string; asset: string }, { amount: string }>((d, arg) => {
      compile();
      return d
        .selectFrom('wallet_balances')
        .select(sql<string>`cast(amount as text)`.as('amount'))
        .where('account', '=', arg('account'))
        .where('asset', '=', arg('asset'));
    });
    expect(await counted.first(db, { account: 'wallet:+1', asset: 'USDC' })).toEqual({
      amount: '100',
    });
    expect(await counted.first(db, { account: 'wallet:+1', asset: 'BTC' })).toEqual({
      amount: '7',
    });
    expect(await counted.first(db, { account: 'wallet:+2', asset: 'BTC' })).toBeUndefined();
    const inTransaction = await db
      .transaction()
      .execute((trx) => counted.first(trx, { account: 'wallet:+2', asset: 'USDC' }));
    expect(inTransaction).toEqual({ amount: '5' });
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it('answers a read outside a transaction while a transaction holds the writer, and the transaction reads its own writes', async () => {
    const read = await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('wallet_balances')
        .set({ amount: '90' })
        .where('account', '=', 'wallet:+1')
        .where('asset', '=', 'USDC')
        .execute();
      // On SQLite the root database's read goes to the read-only connection at once (it used
      // to wait for this transaction's lease of the writer: here, for ever); it sees committed
      // data only. On PostgreSQL it is another connection of the pool.
      const outside = await balance.first(db, { account: 'wallet:+1', asset: 'USDC' });
      const inside = await balance.first(trx, { account: 'wallet:+1', asset: 'USDC' });
      return { outside, inside };
    });
    expect(read).toEqual({ outside: { amount: '100' }, inside: { amount: '90' } });
    expect(await balance.first(db, { account: 'wallet:+1', asset: 'USDC' })).toEqual({
      amount: '90',
    });
  });

  it('keeps a compilation per shape: an insert of two rows and one of three', async () => {
    const insert = prepare<Record<string, string>, never>((d, arg, rows) =>
      d.insertInto('wallet_balances').values(
        Array.from({ length: rows }, (_, i) => ({
          account: arg(`account${i}`),
          asset: 'ZAR',
          amount: arg(`amount${i}`),
        })),
      ),
    );
    await insert.execute(db, { account0: 'a', amount0: '1', account1: 'b', amount1: '2' }, 2);
    await insert.execute(
      db,
      { account0: 'c', amount0: '3', account1: 'd', amount1: '4', account2: 'e', amount2: '5' },
      3,
    );
    await insert.execute(db, { account0: 'f', amount0: '6', account1: 'g', amount1: '7' }, 2);
    const rows = await db
      .selectFrom('wallet_balances')
      .select(['account', sql<string>`cast(amount as text)`.as('amount')])
      .where('asset', '=', 'ZAR')
      .orderBy('account')
      .execute();
    expect(rows.map((r) => `${r.account}=${r.amount}`)).toEqual([
      'a=1',
      'b=2',
      'c=3',
      'd=4',
      'e=5',
      'f=6',
      'g=7',
    ]);
  });

  it('counts the rows an update changed, with an argument used twice', async () => {
    const wallets = new WalletsRepository(db, database.name === 'SQLite' ? 'sqlite' : 'postgres');
    const take = (amount: bigint) => wallets.debit({ account: 'wallet:+1', asset: 'USDC', amount });
    // The balance covers 60, then not another 60: the condition and the change share the argument.
    expect(await take(60n)).toBe(true);
    expect(await take(60n)).toBe(false);
    expect(await balance.first(db, { account: 'wallet:+1', asset: 'USDC' })).toEqual({
      amount: '40',
    });
  });

  it('names a missing argument instead of binding nothing', async () => {
    await expect(
      balance.first(db, { account: 'wallet:+1' } as { account: string; asset: string }),
    ).rejects.toThrow('Missing argument asset');
  });

  it('refuses a query whose argument does not end up as a parameter', async () => {
    const lossy = prepare<{ limit: number }, { account: string }>((d, arg) =>
      // Kysely writes a limit into the SQL only as a parameter; a raw literal puts it in the text.
      d
        .selectFrom('wallet_balances')
        .select('account')
        .where(sql.lit(arg('limit')), '=', 1),
    );
    await expect(lossy.rows(db, { limit: 1 })).rejects.toThrow(PreparedQueryError);
  });

  // PostgreSQL parses, analyses and plans an unnamed statement on every call; a named one once
  // per connection (decision 043). The transaction keeps the calls on one connection.
  it.runIf(database.name === 'PostgreSQL')(
    'sends a prepared query as a named statement, parsed once per connection and planned once',
    async () => {
      const prepared = await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 8; i++) {
          expect(await balance.first(trx, { account: 'wallet:+1', asset: 'USDC' })).toEqual({
            amount: '100',
          });
        }
        const { rows } = await sql<{ statement: string; generic_plans: number }>`
          select statement, generic_plans from pg_prepared_statements where from_sql = false
        `.execute(trx);
        return rows;
      });
      const mine = prepared.filter(
        (p) =>
          p.statement ===
          'select cast(amount as text) as "amount" from "wallet_balances" where "account" = $1 and "asset" = $2',
      );
      // Prepared once on this connection (a second Parse under the name would be an error).
      expect(mine).toHaveLength(1);
      // After five custom plans PostgreSQL settles on the generic plan of a statement this simple.
      expect(mine[0]?.generic_plans).toBeGreaterThan(0);
    },
  );

  it.runIf(database.name === 'PostgreSQL')(
    'leaves a statement whose result columns a migration could change unnamed, so a rolling deploy cannot break it',
    async () => {
      const everyColumn = prepare<{ account: string }, Record<string, unknown>>((d, arg) =>
        d.selectFrom('wallet_balances').selectAll().where('account', '=', arg('account')),
      );
      const run = () =>
        db.transaction().execute(async (trx) => {
          const named = await balance.first(trx, { account: 'wallet:+1', asset: 'USDC' });
          const all = await everyColumn.rows(trx, { account: 'wallet:+2' });
          return { named, all };
        });
      // Each query is prepared on the connection; then another instance's migration adds a
      // column to the table both read.
      await run();
      await sql`alter table wallet_balances add column note text`.execute(db);
      for (let i = 0; i < 3; i++) {
        expect(await run()).toEqual({
          named: { amount: '100' },
          all: [{ account: 'wallet:+2', asset: 'USDC', amount: expect.anything(), note: null }],
        });
      }
    },
  );
});
