// Group commit for a SQLite file (decision 028). Every commit waits for the log to reach the disk
// (decision 027), and better-sqlite3 waits on the event loop, so one flush per transaction made
// the flush most of a keypad transfer's time. Here the transactions and writes of one event-loop
// turn share one flush, as PostgreSQL's concurrent commits do:
//
// - the writer connection keeps one SQLite transaction open for the turn (a "group"); each
//   Kysely transaction, and each write made outside one, is a savepoint inside it;
// - a member that succeeds releases its savepoint and lets the next one use the connection, but
//   its caller waits until the group is committed and flushed (after the turn's other requests,
//   `atTurnEnd` in lib/turn-end.ts), so nothing is answered before it is on disk; a member that
//   fails rolls back to its savepoint and the others are untouched;
// - reads outside a transaction go to a second, read-only connection, which sees committed (so
//   flushed) data only: no answer is built from a write that a power cut could still undo, and
//   reads never wait for a group.
//
// If SQLite abandons the whole transaction (a full disk, an I/O error) or the commit fails, every
// member of the group gets the error: none of them had been answered.
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { atTurnEnd } from '../lib/turn-end.js';

/** A connection's statements, prepared once per SQL text (database.ts `withStatementCache`). */
export interface StatementSource {
  prepare(sql: string): SQLite.Statement;
  close(): void;
}

export interface GroupCommitOptions {
  /** The read-write connection; `raw` is the same connection, for transaction control. */
  writer: StatementSource;
  raw: SQLite.Database;
  /** A read-only connection to the same file. */
  reader: StatementSource;
  /** Most members in one group: bounds how long the first of them waits (default 64). */
  maxMembers?: number;
}

/** What the groups did so far, for /metrics (an operator reads members / commits as the size). */
export interface GroupCommitFigures {
  /** Groups committed, each with one flush of the log. */
  commits: number;
  /** Transactions and lone writes those groups committed. */
  members: number;
  /** Groups whose commit failed, or that SQLite abandoned, failing every member. */
  failed: number;
}

export class GroupCommitSqliteDialect implements Dialect {
  readonly #options: GroupCommitOptions;
  readonly #figures: GroupCommitFigures = { commits: 0, members: 0, failed: 0 };

  constructor(options: GroupCommitOptions) {
    this.#options = options;
  }

  /** A copy of the figures so far. */
  figures(): GroupCommitFigures {
    return { ...this.#figures };
  }

  createDriver(): Driver {
    return new GroupCommitDriver(this.#options, this.#figures);
  }

  /**
   * Runs a read on the read-only connection at once, as a read outside a transaction runs
   * anyway, without Kysely's lease of the writer (a lock, a lease and their promises: a third of
   * a keypad balance read's database time); undefined when the statement is not a read the
   * reader can prepare (the caller then goes through Kysely). Prepared queries use it for reads
   * made outside a transaction (lib/prepared-query.ts).
   */
  readNow(sql: string, parameters: readonly unknown[]): unknown[] | undefined {
    if (PRAGMA.test(sql)) return undefined;
    let statement: SQLite.Statement;
    try {
      statement = this.#options.reader.prepare(sql);
    } catch {
      return undefined;
    }
    if (!statement.reader || !statement.readonly) return undefined;
    return statement.all(parameters as unknown[]);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

const MAX_MEMBERS = 64;
const PRAGMA = /^\s*pragma\b/i;
const MEMBER = 'omega_group_member';

interface Group {
  /** Members that finished and wait for the flush. */
  members: number;
  committed: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function newGroup(): Group {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const committed = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A group nobody waits for (its only member rolled back) must not be an unhandled rejection.
  committed.catch(() => {});
  return { members: 0, committed, resolve, reject };
}

/** One use of the writer, from acquireConnection to releaseConnection. */
class Lease implements DatabaseConnection {
  held = true;
  inTransaction = false;

  constructor(private readonly driver: GroupCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, query);
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { statement, writer } = this.driver.statementFor(this, query);
    if (!statement.reader) throw new Error('SQLite streams select queries only');
    if (writer && !this.held) await this.driver.hold(this);
    for (const row of statement.iterate(query.parameters as unknown[])) {
      yield { rows: [row as R] };
    }
  }
}

function run<R>(statement: SQLite.Statement, query: CompiledQuery): QueryResult<R> {
  const parameters = query.parameters as unknown[];
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    numAffectedRows: BigInt(changes),
    insertId: BigInt(lastInsertRowid),
    rows: [],
  };
}

class GroupCommitDriver implements Driver {
  readonly #writer: StatementSource;
  readonly #raw: SQLite.Database;
  readonly #reader: StatementSource;
  readonly #maxMembers: number;
  /** Whether a lease (or the flush) has the writer; the others queue, first come first served. */
  #busy = false;
  readonly #queue: Array<() => void> = [];
  #group: Group | null = null;
  #flushScheduled = false;
  readonly #figures: GroupCommitFigures;

  constructor(options: GroupCommitOptions, figures: GroupCommitFigures) {
    this.#figures = figures;
    this.#writer = options.writer;
    this.#raw = options.raw;
    this.#reader = options.reader;
    this.#maxMembers = options.maxMembers ?? MAX_MEMBERS;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock();
    return new Lease(this);
  }

  async hold(lease: Lease): Promise<void> {
    await this.#lock();
    lease.held = true;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (!lease.held) return; // given back early, when its write joined a group
    lease.held = false;
    this.#unlock();
  }

  /**
   * Which connection runs `query` for `lease`: the writer inside a transaction, for anything that
   * writes and for pragmas (they describe the writer); the reader otherwise.
   */
  statementFor(
    lease: Lease,
    query: CompiledQuery,
  ): { statement: SQLite.Statement; writer: boolean } {
    if (lease.inTransaction || PRAGMA.test(query.sql)) {
      return { statement: this.#writer.prepare(query.sql), writer: true };
    }
    const read = this.#preparedForReading(query.sql);
    if (read?.readonly) return { statement: read, writer: false };
    return { statement: this.#writer.prepare(query.sql), writer: true };
  }

  /**
   * The statement on the read connection, or undefined when that connection cannot prepare it
   * (a table it does not know yet): the writer then prepares it, and says what is wrong if
   * anything is.
   */
  #preparedForReading(text: string): SQLite.Statement | undefined {
    try {
      return this.#reader.prepare(text);
    } catch {
      return undefined;
    }
  }

  async execute<R>(lease: Lease, query: CompiledQuery): Promise<QueryResult<R>> {
    if (!lease.inTransaction && PRAGMA.test(query.sql)) {
      // Some pragmas do nothing inside a transaction (foreign_keys), decided when the statement
      // is prepared, and others may not run in one (journal_mode): the open group is committed
      // first, and the pragma prepared afresh outside it (pragmas are rare; none is cached).
      if (!lease.held) await this.hold(lease);
      this.#commit();
      return run<R>(this.#raw.prepare(query.sql), query);
    }
    const { statement, writer } = this.statementFor(lease, query);
    if (!writer) return run<R>(statement, query);
    if (!lease.held) await this.hold(lease);
    if (lease.inTransaction || statement.readonly) return run<R>(statement, query);
    // A write on its own is a member of the group by itself.
    this.#join();
    let result: QueryResult<R>;
    try {
      result = run<R>(statement, query);
    } catch (error) {
      this.#abandon(error);
      await this.#settle(lease);
      throw error;
    }
    await this.#finish(lease);
    return result;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (!lease.held) await this.hold(lease);
    this.#join();
    lease.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#finish(connection as Lease);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // Kysely also rolls back when the group's commit failed; that member is out of it already.
    if (!lease.inTransaction) return;
    lease.inTransaction = false;
    this.#abandon(new Error('The transaction was rolled back'));
    await this.#settle(lease);
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${safeName(name)}"`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${safeName(name)}"`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${safeName(name)}"`));
  }

  async destroy(): Promise<void> {
    await this.#lock();
    try {
      this.#commit();
    } finally {
      this.#reader.close();
      this.#writer.close();
    }
  }

  #lock(): Promise<void> | undefined {
    if (!this.#busy) {
      this.#busy = true;
      return undefined;
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }

  #unlock(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#busy = false;
  }

  /** Opens a member's savepoint, in the open group or a new one (the writer is held). */
  #join(): void {
    if (this.#group && this.#group.members >= this.#maxMembers) this.#commit();
    if (!this.#group) {
      this.#raw.exec('begin');
      this.#group = newGroup();
    }
    try {
      this.#raw.exec(`savepoint ${MEMBER}`);
    } catch (error) {
      if (this.#group.members === 0) {
        this.#group = null;
        this.#rollbackQuietly();
      }
      throw error;
    }
  }

  /** Keeps a member's writes, gives the writer to the next in line and waits for the flush. */
  #finish(lease: Lease): Promise<void> {
    const group = this.#group;
    if (!group) throw new Error('No open group to commit into');
    lease.inTransaction = false;
    try {
      this.#raw.exec(`release ${MEMBER}`);
    } catch (error) {
      this.#abandon(error);
      throw error;
    }
    group.members += 1;
    lease.held = false;
    this.#unlock();
    this.#scheduleFlush();
    return group.committed;
  }

  /**
   * After a member failed: its error may rest on what it read of the group's other members (a
   * row another request recorded a moment before, so 'already recorded'), so it is reported only
   * once those writes are committed, and if they are lost, that error is reported instead.
   */
  async #settle(lease: Lease): Promise<void> {
    const group = this.#group;
    if (!group) return;
    lease.held = false;
    this.#unlock();
    this.#scheduleFlush();
    await group.committed;
  }

  /** Undoes a member's writes; if SQLite ended the whole transaction, the group fails. */
  #abandon(error: unknown): void {
    const group = this.#group;
    if (!group) return;
    if (this.#raw.inTransaction) {
      try {
        this.#raw.exec(`rollback to ${MEMBER}`);
        this.#raw.exec(`release ${MEMBER}`);
        // An empty group would keep a snapshot open and hold back checkpoints.
        if (group.members === 0) {
          this.#raw.exec('rollback');
          this.#group = null;
        }
        return;
      } catch {
        // The savepoint is gone: fall through and fail the group.
      }
    }
    this.#group = null;
    if (this.#raw.inTransaction) this.#rollbackQuietly();
    this.#figures.failed += 1;
    group.reject(error);
  }

  #scheduleFlush(): void {
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    // After the turn's other I/O callbacks, so the requests that arrived with this one join;
    // the answers it releases go out at the same end of turn (lib/turn-end.ts).
    atTurnEnd(() => void this.#flush());
  }

  async #flush(): Promise<void> {
    await this.#lock();
    this.#flushScheduled = false;
    try {
      this.#commit();
    } finally {
      this.#unlock();
    }
  }

  /** Commits the open group, flushing the log once for all its members (the writer is held). */
  #commit(): void {
    const group = this.#group;
    if (!group) return;
    this.#group = null;
    try {
      this.#raw.exec('commit');
    } catch (error) {
      if (this.#raw.inTransaction) this.#rollbackQuietly();
      this.#figures.failed += 1;
      group.reject(error);
      return;
    }
    this.#figures.commits += 1;
    this.#figures.members += group.members;
    group.resolve();
  }

  #rollbackQuietly(): void {
    try {
      this.#raw.exec('rollback');
    } catch {
      // Nothing left to roll back.
    }
  }
}

function safeName(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Unsafe savepoint name: ${name}`);
  return name;
}
