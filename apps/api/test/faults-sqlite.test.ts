// The embedded SQLite database when it cannot take a write: locked by another connection
// (SQLITE_BUSY), full (SQLITE_FULL) or read-only (SQLITE_READONLY). Each is a 503 with
// Retry-After and a message that says so, never a 500 or a crash, and writes work again once
// the cause is gone.
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { sqlite } from './helpers/databases.js';

let t: TestApp;
let file: string;
beforeEach(async () => {
  const created = await sqlite.create();
  file = created.url.slice('sqlite:'.length);
  t = await createTestApp(sqlite, {}, created);
});
afterEach(() => t.close());

/** A write: asking for a keypad OTP stores the code. */
const requestOtp = () =>
  t.app.inject({ method: 'POST', url: '/api/ussd/otp', payload: { phone: '0821234567' } });

const pragma = (text: string) => sql.raw(`pragma ${text}`).execute(t.app.database.db);

it('answers 503 while another connection holds the write lock, and writes again after', async () => {
  // Waiting for the lock blocks the server's one connection: keep the test's wait short.
  await pragma('busy_timeout = 100');
  const other = new SQLite(file);
  try {
    other.exec('begin immediate');
    const res = await requestOtp();
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({
      message:
        'The service is briefly unavailable: the database is busy. Try again in a few seconds.',
    });
    expect(res.headers['retry-after']).toBe('2');
    // Reads go on beside the writer (WAL).
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    other.exec('rollback');
  } finally {
    other.close();
  }
  expect((await requestOtp()).statusCode).toBe(200);
});

it('answers 503 when the database is full, and writes again after', async () => {
  // The file may not grow; codes are then stored until the pages it has are full too.
  const pages = await sql<{ page_count: number }>`pragma page_count`.execute(t.app.database.db);
  await pragma(`max_page_count = ${pages.rows[0]?.page_count}`);
  await expect(
    (async () => {
      for (let i = 0; ; i++) {
        await t.app.database.db
          .insertInto('wallet_otps')
          .values({
            phone: `+2782${String(i).padStart(7, '0')}`,
            code_hash: 'x'.repeat(64),
            tries_left: 3,
            expires_at: 0,
          })
          .execute();
      }
    })(),
  ).rejects.toMatchObject({ code: 'SQLITE_FULL' });
  const res = await requestOtp();
  expectCannotStore(res);
  await pragma('max_page_count = 1073741823');
  expect((await requestOtp()).statusCode).toBe(200);
});

it('answers 503 when the database is read-only, and writes again after', async () => {
  // As a read-only file or mount would: SQLite refuses every write with SQLITE_READONLY.
  await pragma('query_only = 1');
  expectCannotStore(await requestOtp());
  await pragma('query_only = 0');
  expect((await requestOtp()).statusCode).toBe(200);
});

function expectCannotStore(res: Awaited<ReturnType<typeof requestOtp>>) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.json()).toEqual({
    message:
      'The service cannot save changes right now: the database cannot store data. Try again later.',
  });
  expect(res.headers['retry-after']).toBe('60');
}
