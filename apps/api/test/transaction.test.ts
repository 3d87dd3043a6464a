// lib/transaction.ts: what waits for a commit runs once the commit succeeded, never for a
// transaction that rolled back, and never turns a committed write into a failure.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { afterCommit, inTransaction } from '../src/lib/transaction.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

describeEachDatabase('inTransaction and afterCommit', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
  });
  afterEach(() => t.close());

  const announce = (title: string, db = t.app.database.db) =>
    db
      .insertInto('announcements')
      .values({ title, content: 'c', author_id: null, created_at: 0 })
      .execute();
  const titles = async () =>
    (await t.app.database.db.selectFrom('announcements').select('title').execute()).map(
      (r) => r.title,
    );

  it('runs what waits, in order, once the transaction committed', async () => {
    const ran: string[] = [];
    const answer = await inTransaction(t.app.database.db, async (trx) => {
      await announce('one', trx);
      afterCommit(trx, () => ran.push('first'));
      afterCommit(trx, () => ran.push('second'));
      expect(ran).toEqual([]);
      return 'answer';
    });
    expect(answer).toBe('answer');
    expect(ran).toEqual(['first', 'second']);
    expect(await titles()).toEqual(['one']);
  });

  it('runs nothing for a transaction that rolled back', async () => {
    const ran: string[] = [];
    const failed = await inTransaction(t.app.database.db, async (trx) => {
      await announce('gone', trx);
      afterCommit(trx, () => ran.push('never'));
      throw new Error('refused');
    }).catch((err: Error) => err.message);
    expect(failed).toBe('refused');
    expect(ran).toEqual([]);
    expect(await titles()).toEqual([]);
  });

  it('answers a committed transaction even when what waits for it throws', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const ran: string[] = [];
    const answer = await inTransaction(t.app.database.db, async (trx) => {
      await announce('kept', trx);
      afterCommit(trx, () => {
        throw new Error('counter broke');
      });
      afterCommit(trx, () => ran.push('after the broken one'));
      return 'committed';
    });
    expect(answer).toBe('committed');
    expect(ran).toEqual(['after the broken one']);
    expect(await titles()).toEqual(['kept']);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/counter broke/));
  });

  it('runs at once outside a transaction, and refuses a transaction it did not open', async () => {
    const ran: string[] = [];
    afterCommit(t.app.database.db, () => ran.push('now'));
    expect(ran).toEqual(['now']);
    // A transaction opened some other way (route-layering.test.ts keeps them out of src/).
    const refused = await t.app.database.db
      .transaction()
      .execute(async (trx) => afterCommit(trx, () => ran.push('never')))
      .catch((err: Error) => err.message);
    expect(refused).toMatch(/not opened by inTransaction/);
    expect(ran).toEqual(['now']);
  });
});
