// Queries built and compiled once per database instead of on every call. Kysely builds a query
// afresh each time (an immutable node per method call, frozen, then a compiler pass over the
// tree): on a keypad transfer, which runs about ten statements, that was a quarter of the
// request's CPU (docs/architecture/hot-path.md). A prepared query is the same Kysely builder,
// run once with a placeholder for each argument; the compiled SQL is kept, and each call puts its
// arguments where the placeholders were in the parameter list. Statements whose shape depends on
// the arguments (how many rows an insert writes) pass that shape, and each shape compiles once.
import {
  type Compilable,
  type CompiledQuery,
  type Kysely,
  PostgresAdapter,
  type QueryResult,
} from 'kysely';
import type { Database } from '../db/schema.js';

/** Stands for the argument `name` while the query is built; typed as the argument itself. */
export type Arg<A> = <K extends keyof A & string>(name: K) => A[K];

interface Compiled {
  query: CompiledQuery;
  /** For each parameter, the argument that fills it, or undefined for a constant of the query. */
  slots: ReadonlyArray<string | undefined>;
}

const MARK = '\u0000omega-arg:';

/** Answers a read at once, or undefined to leave it to Kysely (db/sqlite-group-commit.ts). */
export type DirectReader = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;

/**
 * Databases whose reads outside a transaction can be answered without Kysely's connection lease:
 * SQLite files, whose such reads go to a read-only connection anyway (decision 028). Keyed by
 * the database itself, so a transaction (another object) never reads this way.
 */
const directReaders = new WeakMap<object, DirectReader>();

export function readDirectly(db: Kysely<Database>, reader: DirectReader): void {
  directReaders.set(db, reader);
}

/**
 * PostgreSQL: the name each prepared query's SQL is sent under (db/database.ts). A named
 * statement is parsed, analysed and planned once per connection; an unnamed one, on every
 * call (decision 043). One name per text for the process, so every connection agrees.
 */
const statementNames = new Map<string, string>();

/** The name to send `sql` under, when it is a prepared query's on PostgreSQL. */
export function statementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

/**
 * Whether a statement's result columns are listed (no `*`): PostgreSQL refuses to run a named
 * statement whose result columns a migration changed ("cached plan must not change result
 * type"), which a `select *` or `returning *` would meet while a rolling deploy migrates.
 */
function fixedColumns(sql: string): boolean {
  return !sql.replaceAll('count(*)', '').includes('*');
}

/**
 * Every column of a table, listed, for a prepared query to read instead of `*` (which would
 * leave it unnamed, decision 043). A list missing a column of the table does not compile.
 */
export function allColumns<Table>() {
  return <const Listed extends readonly (keyof Table & string)[]>(
    listed: Listed &
      ([Exclude<keyof Table, Listed[number]>] extends [never]
        ? unknown
        : { missing: Exclude<keyof Table, Listed[number]> }),
  ): Listed => listed;
}

export class PreparedQueryError extends Error {
  override name = 'PreparedQueryError';
}

export class PreparedQuery<A extends Record<string, unknown>, Row> {
  /**
   * Keyed by the database's dialect adapter, which a Kysely instance and every transaction
   * opened from it share: one compilation per database (SQLite and PostgreSQL differ), not per
   * transaction.
   */
  private readonly compiled = new WeakMap<object, Map<number, Compiled>>();

  constructor(
    private readonly build: (db: Kysely<Database>, arg: Arg<A>, shape: number) => Compilable<Row>,
  ) {}

  /** Runs the query with `args` on `db` (a database or a transaction). */
  execute(db: Kysely<Database>, args: A, shape = 0): Promise<QueryResult<Row>> {
    const { query, slots } = this.compile(db, shape);
    const parameters = query.parameters.map((constant, i) => {
      const slot = slots[i];
      if (slot === undefined) return constant;
      const value = args[slot];
      // A missing argument would be bound as nothing at all (an error on SQLite, NULL on
      // PostgreSQL): name it instead.
      if (value === undefined) throw new PreparedQueryError(`Missing argument ${slot}`);
      return value;
    });
    const reader = directReaders.get(db);
    if (reader) {
      try {
        const rows = reader(query.sql, parameters);
        if (rows) return Promise.resolve({ rows: rows as Row[] });
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return db.executeQuery<Row>({ ...query, parameters } as CompiledQuery<Row>);
  }

  async rows(db: Kysely<Database>, args: A, shape = 0): Promise<Row[]> {
    return (await this.execute(db, args, shape)).rows;
  }

  async first(db: Kysely<Database>, args: A, shape = 0): Promise<Row | undefined> {
    return (await this.execute(db, args, shape)).rows[0];
  }

  /** How many rows an update, insert or delete changed. */
  async affected(db: Kysely<Database>, args: A, shape = 0): Promise<bigint> {
    return (await this.execute(db, args, shape)).numAffectedRows ?? 0n;
  }

  private compile(db: Kysely<Database>, shape: number): Compiled {
    const adapter = db.getExecutor().adapter;
    let shapes = this.compiled.get(adapter);
    if (!shapes) {
      shapes = new Map();
      this.compiled.set(adapter, shapes);
    }
    const known = shapes.get(shape);
    if (known) return known;

    const used = new Set<string>();
    const arg = ((name: string) => {
      used.add(name);
      return `${MARK}${name}`;
    }) as Arg<A>;
    const query = this.build(db, arg, shape).compile() as CompiledQuery;
    const slots = query.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(MARK) ? p.slice(MARK.length) : undefined,
    );
    // A placeholder Kysely wrote into the SQL text, or changed on the way to the parameters,
    // would make every later call wrong: refuse to prepare such a query at all.
    const placed = new Set(slots.filter((s) => s !== undefined));
    const lost = [...used].filter((name) => !placed.has(name));
    if (query.sql.includes(MARK) || lost.length > 0) {
      throw new PreparedQueryError(
        `Cannot prepare this query: ${lost.length > 0 ? `argument(s) ${lost.join(', ')} are not parameters` : 'an argument is written into its SQL'}`,
      );
    }
    const compiled = { query, slots };
    shapes.set(shape, compiled);
    if (
      adapter instanceof PostgresAdapter &&
      fixedColumns(query.sql) &&
      !statementNames.has(query.sql)
    ) {
      statementNames.set(query.sql, `omega_${statementNames.size + 1}`);
    }
    return compiled;
  }
}

/** A query compiled once per database and shape; see PreparedQuery. */
export function prepare<A extends Record<string, unknown>, Row>(
  build: (db: Kysely<Database>, arg: Arg<A>, shape: number) => Compilable<Row>,
): PreparedQuery<A, Row> {
  return new PreparedQuery(build);
}
