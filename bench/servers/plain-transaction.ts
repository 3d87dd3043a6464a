// The write paths' baseline: bare Fastify committing one plain one-row transaction per request
// on the same database as the API (same SQLite file and pragmas, or the same PostgreSQL
// database with a pool of the same size). What the API does beyond this is its own work.
// PLAIN_GROUPED=1 on SQLite commits it the way the API does, grouped (decision 028).
// Run in its own process by write-paths.ts, on PORT, with DATABASE_URL.
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { startCheckpointer } from '../../apps/api/src/db/checkpointer.js';
import { openDatabase, SQLITE_SYNCHRONOUS } from '../../apps/api/src/db/database.js';

const url = process.env.DATABASE_URL ?? '';
const TABLE = 'bench_plain_commits';

async function committer(): Promise<(key: string) => Promise<void>> {
  if (url.startsWith('sqlite:') && process.env.PLAIN_GROUPED === '1') {
    // The same one-row transaction through the API's own SQLite opening, so its commits are
    // grouped one flush per event-loop turn as the API's are (decision 028).
    const { db } = openDatabase(url);
    await sql`create table if not exists ${sql.raw(TABLE)} (id integer primary key, k text not null, at integer not null)`.execute(
      db,
    );
    return async (key) => {
      await db
        .transaction()
        .execute((trx) =>
          sql`insert into ${sql.raw(TABLE)} (k, at) values (${key}, ${Date.now()})`.execute(trx),
        );
    };
  }
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    const db = new SQLite(file);
    // As the API opens it (apps/api/src/db/database.ts), checkpoints in a worker included.
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${SQLITE_SYNCHRONOUS}`);
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    startCheckpointer(db, file);
    db.exec(
      `create table if not exists ${TABLE} (id integer primary key, k text not null, at integer not null)`,
    );
    const insert = db.prepare(`insert into ${TABLE} (k, at) values (?, ?)`);
    const commit = db.transaction((key: string) => insert.run(key, Date.now()));
    return async (key) => {
      commit(key);
    };
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query(
    `create table if not exists ${TABLE} (id bigserial primary key, k text not null, at bigint not null)`,
  );
  return async (key) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`insert into ${TABLE} (k, at) values ($1, $2)`, [key, Date.now()]);
      await client.query('commit');
    } finally {
      client.release();
    }
  };
}

const commit = await committer();
const app = Fastify({ logger: false });
app.get('/ready', async () => ({ ok: true }));
app.post<{ Body: { key: string } }>('/commit', async (request) => {
  await commit(request.body.key);
  return { ok: true };
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
