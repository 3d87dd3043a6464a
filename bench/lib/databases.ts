// Which databases a benchmark that runs on both measures, and the PostgreSQL server it uses.

/** BENCH_PG_URL, else the tests' OMEGA_TEST_PG_URL, else the local `test` database. */
export const PG_URL =
  process.env.BENCH_PG_URL ??
  process.env.OMEGA_TEST_PG_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** BENCH_DATABASES=sqlite (or postgres) runs one database only, for a quicker look. */
export const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
