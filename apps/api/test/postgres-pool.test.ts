// The pool as Kysely sees it (db/database.ts, discardingBrokenClients): each of the pool's
// connections is lent to Kysely as one and the same client, checkout after checkout, so Kysely
// keeps one connection object of its own per database connection, not one per request.
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { discardingBrokenClients } from '../src/db/database.js';

/** pg's PoolClient, as much as the wrapper uses of it; queries answer or fail as told. */
function fakeClient(answer: () => Promise<unknown>) {
  const released: unknown[] = [];
  const client = {
    query: () => answer(),
    release: (err?: unknown) => released.push(err),
  } as unknown as pg.PoolClient;
  return { client, released };
}

function poolLending(clients: pg.PoolClient[]) {
  let next = 0;
  return {
    connect: async () => clients[next++ % clients.length] as pg.PoolClient,
    end: async () => {},
  } as unknown as pg.Pool;
}

describe('the PostgreSQL pool as Kysely sees it', () => {
  it('lends each connection as the same client every time it is checked out', async () => {
    const a = fakeClient(async () => ({ rows: [] }));
    const b = fakeClient(async () => ({ rows: [] }));
    const pool = discardingBrokenClients(poolLending([a.client, b.client]), () => {}, {
      roundTrips: 0,
    });
    const first = await pool.connect();
    const second = await pool.connect();
    const third = await pool.connect();
    expect(third).toBe(first);
    expect(second).not.toBe(first);
    first.release();
    expect(a.released).toEqual([undefined]);
  });

  it('hands a connection that failed back with its error, and refuses its next query at once', async () => {
    const lost = new Error('Connection terminated unexpectedly');
    const a = fakeClient(async () => {
      throw lost;
    });
    const counted = { roundTrips: 0 };
    const pool = discardingBrokenClients(poolLending([a.client]), () => {}, counted);
    const client = await pool.connect();
    await expect(client.query('select 1', [])).rejects.toBe(lost);
    await expect(client.query('rollback', [])).rejects.toBe(lost);
    // The second query never reached the connection.
    expect(counted.roundTrips).toBe(1);
    client.release();
    expect(a.released).toEqual([lost]);
  });
});
