// Runs supergod console commands. The text is parsed by the typed registry in @omega/domain;
// each command maps to repository and service calls below, never to a shell or eval. Every
// run and every refusal is written to the activity log with who asked and the id of the request
// (decision 020); a command's own writes and its activity entry are one transaction.
import {
  accountMessages,
  CONFIRMATION_PHRASE,
  type ExecuteCommandResponse,
} from '@omega/contracts';
import {
  helpText,
  normalizeRole,
  parseCommand,
  type Role,
  type SupergodCommand,
} from '@omega/domain';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import { inTransaction } from '../../lib/transaction.js';
import type { MaintenanceMode } from '../../plugins/app/maintenance.js';
import type { ActivityRepository } from '../../repositories/activity.js';
import type { SessionsRepository } from '../../repositories/sessions.js';
import type { SystemLogsRepository } from '../../repositories/system-logs.js';
import type { UsersRepository } from '../../repositories/users.js';
import type { AnnouncementService } from '../announcements.js';
import type { SystemLog } from '../system-log.js';
import type { TwoFactorService } from '../two-factor.js';
import { usersNote } from './system-status.js';

export const CONFIRMATION_REFUSED = `The confirmation code is incorrect: type ${CONFIRMATION_PHRASE} to run supergod commands.`;

/** Most accounts `users list` prints; the System Users table pages through the rest. */
export const USERS_LIST_MAX = 50;
/** Longest command text kept in an activity entry. */
const DETAIL_COMMAND_MAX = 200;

type Trx = Kysely<Database>;
/** Writes the success entry for the running command (inside the command's transaction). */
type Audit = (output: string, trx?: Trx) => Promise<void>;

const iso = (ms: number | null) => (ms === null ? 'never' : new Date(ms).toISOString());
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A command that hands out a lasting way in: a role that can administer, another account's
 * second factor taken away, or a disabled account let sign in again. It asks for a recent
 * sign-in from a session.
 */
function grantsAWayIn(command: SupergodCommand): boolean {
  return (
    (command.name === 'user role' && command.role !== 'user') ||
    command.name === '2fa reset' ||
    command.name === 'user enable'
  );
}

function shortened(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > DETAIL_COMMAND_MAX
    ? `${oneLine.slice(0, DETAIL_COMMAND_MAX - 1)}…`
    : oneLine;
}

/** Lines of columns padded to the widest cell. */
function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  return rows
    .map((row) =>
      row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '),
    )
    .join('\n');
}

/** The maintenance flag as the console switches it (see plugins/app/maintenance.ts). */
export type MaintenanceSwitch = Pick<MaintenanceMode, 'isOn' | 'write' | 'remember'>;

export interface ConsoleDeps {
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
  users: UsersRepository;
  sessions: SessionsRepository;
  activity: ActivityRepository;
  systemLogs: SystemLogsRepository;
  /** The system log service: clearing it records its own 'logs_clear' entry. */
  systemLog: Pick<SystemLog, 'clearAll'>;
  maintenance: MaintenanceSwitch;
  announcements: Pick<AnnouncementService, 'publish'>;
  twoFactor: Pick<TwoFactorService, 'reset'>;
  clock: Clock;
}

export class SupergodConsole {
  constructor(private readonly deps: ConsoleDeps) {}

  /** `viaToken`: the call came with a personal access token, not a signed-in session. */
  async execute(
    actor: UserRow,
    text: string,
    confirmation: string,
    requestId: string | null,
    {
      viaToken,
      signedInRecently,
    }: {
      viaToken: boolean;
      /**
       * Whether the caller signed in within the last 10 minutes: a role that can administer, a
       * reset of another account's second factor and a disabled account enabled are lasting
       * ways in, which a copied session cookie alone must not hand out (decision 033).
       * Required, so no caller forgets it.
       */
      signedInRecently: boolean;
    },
  ): Promise<ExecuteCommandResponse> {
    const typed = text.trim();
    if (confirmation !== CONFIRMATION_PHRASE) {
      await this.refuse(actor, typed, 'wrong confirmation code', requestId);
      throw new HttpError(403, CONFIRMATION_REFUSED);
    }
    const parsed = parseCommand(typed);
    if (!parsed.ok) {
      await this.refuse(actor, typed, parsed.problem, requestId);
      throw new HttpError(400, parsed.message);
    }
    if (!signedInRecently && grantsAWayIn(parsed.command)) {
      await this.refuse(actor, typed, 'no sign-in in the last 10 minutes', requestId);
      throw new HttpError(403, accountMessages.recentSignInRequired);
    }
    const audit: Audit = async (output, trx) => {
      const summary = output.split('\n', 1)[0] ?? '';
      await this.deps.activity.record(
        {
          userId: actor.id,
          action: 'supergod_command',
          details: `${actor.username} ran '${shortened(typed)}': ${shortened(summary)}`,
          at: this.deps.clock(),
          requestId,
        },
        trx,
      );
    };
    let output: string;
    try {
      output = await this.run(parsed.command, actor, audit, requestId, viaToken);
    } catch (err) {
      if (err instanceof HttpError) await this.refuse(actor, typed, err.message, requestId);
      throw err;
    }
    return { command: typed, output, executedAt: new Date(this.deps.clock()).toISOString() };
  }

  /**
   * Records a request refused before it reached `execute` (a body that is not JSON, or without
   * a string command and confirmation): the same entry as any other refusal, with the command
   * when the body carried one.
   */
  async refuseRequest(
    actor: UserRow,
    body: unknown,
    reason: string,
    requestId: string | null,
  ): Promise<void> {
    const command =
      typeof body === 'object' && body !== null ? (body as { command?: unknown }).command : null;
    await this.refuse(
      actor,
      typeof command === 'string' ? command.trim() : null,
      reason,
      requestId,
    );
  }

  private async refuse(
    actor: UserRow,
    typed: string | null,
    reason: string,
    requestId: string | null,
  ): Promise<void> {
    const what = typed === null ? 'a request without a command' : `'${shortened(typed)}'`;
    await this.deps.activity.record({
      userId: actor.id,
      action: 'supergod_command_refused',
      details: `${actor.username} was refused ${what}: ${shortened(reason)}`,
      at: this.deps.clock(),
      requestId,
    });
  }

  private run(
    command: SupergodCommand,
    actor: UserRow,
    audit: Audit,
    requestId: string | null,
    viaToken: boolean,
  ): Promise<string> {
    switch (command.name) {
      case 'help':
        return this.read(audit, async () => helpText());
      case 'stats':
        return this.read(audit, () => this.stats());
      case 'users list':
        return this.read(audit, () => this.usersList(command.role));
      case 'user role':
        return this.setRole(command.username, command.role, audit);
      case 'user disable':
        return this.setDisabled(command.username, true, audit);
      case 'user enable':
        return this.setDisabled(command.username, false, audit);
      case 'sessions revoke':
        return this.revokeSessions(command.username, audit);
      case '2fa reset':
        return this.resetTwoFactor(actor, command.username, audit, requestId, viaToken);
      case 'logs clear':
        return this.clearLogs(actor, audit, requestId);
      case 'maintenance':
        return this.setMaintenance(command.on, audit);
      case 'announce':
        return this.announce(actor, command.title, command.content, audit, requestId);
    }
  }

  /** A command that changes nothing: its answer, then its activity entry. */
  private async read(audit: Audit, answer: () => Promise<string>): Promise<string> {
    const output = await answer();
    await audit(output);
    return output;
  }

  private transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return inTransaction(this.deps.database.db, work);
  }

  private async target(username: string, trx: Trx): Promise<UserRow> {
    const user = await this.deps.users.findByUsername(username, trx);
    if (!user) throw new HttpError(404, `No user named '${username}'.`);
    return user;
  }

  /** Refuses to demote or disable the only enabled supergod: nobody could undo it. */
  private async guardLastSupergod(user: UserRow, doing: string, trx: Trx): Promise<void> {
    if (normalizeRole(user.role) !== 'supergod' || user.disabled !== 0) return;
    const lock = this.deps.database.dialect === 'postgres';
    const others = (await this.deps.users.activeSupergodIds(lock, trx)).filter(
      (id) => id !== user.id,
    );
    if (others.length === 0) {
      throw new HttpError(
        409,
        `${user.username} is the last supergod and cannot be ${doing}: make another account supergod first.`,
      );
    }
  }

  private async stats(): Promise<string> {
    const { users, activity, systemLogs } = this.deps;
    const [counts, activities, info, warnings, errors, maintenance] = await Promise.all([
      users.countsByRole(),
      activity.count(),
      systemLogs.count('INFO'),
      systemLogs.count('WARNING'),
      systemLogs.count('ERROR'),
      this.deps.maintenance.isOn(),
    ]);
    const total = counts.user + counts.admin + counts.supergod;
    return table([
      ['Accounts', `${total} (${usersNote(counts)})`],
      ['Activity log', plural(activities, 'entry', 'entries')],
      ['System log', `${info} info, ${warnings} warning, ${errors} error`],
      ['Maintenance', maintenance ? 'on' : 'off'],
    ]);
  }

  private async usersList(role: Role | null): Promise<string> {
    const { users } = this.deps;
    const [rows, counts] = await Promise.all([
      users.listByRole(role, USERS_LIST_MAX),
      users.countsByRole(),
    ]);
    const total = role ? counts[role] : counts.user + counts.admin + counts.supergod;
    const scope = role ? `${plural(total, role)}` : plural(total, 'account');
    if (rows.length === 0) return `No ${role ? `${role}s` : 'accounts'} found.`;
    const header = rows.length < total ? `${scope}; the oldest ${rows.length}:` : `${scope}:`;
    const lines = table([
      ['ID', 'USERNAME', 'ROLE', 'STATUS', 'LAST LOGIN'],
      ...rows.map((u) => [
        String(u.id),
        u.username,
        normalizeRole(u.role),
        u.disabled ? 'disabled' : 'active',
        iso(u.last_login),
      ]),
    ]);
    return `${header}\n${lines}`;
  }

  /**
   * Runs a command that changes one account, then drops this instance's cached row of it once
   * the change is committed, so the change holds here from the next request on.
   */
  private async changeAccount(
    username: string,
    work: (user: UserRow, trx: Trx) => Promise<string>,
  ): Promise<string> {
    const { userId, output } = await this.transaction(async (trx) => {
      const user = await this.target(username, trx);
      return { userId: user.id, output: await work(user, trx) };
    });
    this.deps.users.forget(userId);
    return output;
  }

  private setRole(username: string, role: Role, audit: Audit): Promise<string> {
    return this.changeAccount(username, async (user, trx) => {
      const was = normalizeRole(user.role);
      if (was === role) {
        const output = `${user.username} is already ${role}.`;
        await audit(output, trx);
        return output;
      }
      if (role !== 'supergod') await this.guardLastSupergod(user, 'demoted', trx);
      await this.deps.users.setRole(user.id, role, trx);
      const output = `${user.username} is now ${role} (was ${was}).`;
      await audit(output, trx);
      return output;
    });
  }

  private setDisabled(username: string, disabled: boolean, audit: Audit): Promise<string> {
    return this.changeAccount(username, async (user, trx) => {
      if (disabled) await this.guardLastSupergod(user, 'disabled', trx);
      await this.deps.users.setDisabled(user.id, disabled, trx);
      let output: string;
      if (disabled) {
        // A disabled account's sessions end with the change, not at their next request.
        const ended = await this.deps.sessions.deleteForUser(user.id, trx);
        output = `${user.username} is disabled; ${plural(ended, 'session')} ended.`;
      } else {
        output =
          user.disabled === 0
            ? `${user.username} was not disabled; nothing changed.`
            : `${user.username} is enabled again and can sign in.`;
      }
      await audit(output, trx);
      return output;
    });
  }

  /**
   * Two-factor off for a user who lost every factor; their next sign-in takes the password. Not
   * through an access token, which may not change two-factor (the account routes refuse tokens),
   * and not on oneself: turning one's own off asks for a code (POST /api/account/2fa/disable).
   */
  private resetTwoFactor(
    actor: UserRow,
    username: string,
    audit: Audit,
    requestId: string | null,
    viaToken: boolean,
  ): Promise<string> {
    if (viaToken) {
      throw new HttpError(
        403,
        '2fa reset needs a signed-in session: an access token may not reset two-factor',
      );
    }
    return this.transaction(async (trx) => {
      const user = await this.target(username, trx);
      if (user.id === actor.id) {
        throw new HttpError(
          403,
          'Turn your own two-factor sign-in off in your account settings: it asks for a code',
        );
      }
      await this.deps.twoFactor.reset(user, `${actor.username} (supergod console)`, requestId, trx);
      const output = `Two-factor sign-in of ${user.username} is off; they sign in with their password and can set it up again.`;
      await audit(output, trx);
      return output;
    });
  }

  private revokeSessions(username: string, audit: Audit): Promise<string> {
    return this.transaction(async (trx) => {
      const user = await this.target(username, trx);
      const ended = await this.deps.sessions.deleteForUser(user.id, trx);
      const output = `${user.username} is signed out everywhere; ${plural(ended, 'session')} ended.`;
      await audit(output, trx);
      return output;
    });
  }

  private async clearLogs(actor: UserRow, audit: Audit, requestId: string | null): Promise<string> {
    // The system log records its own 'logs_clear' entry; this one says it came from the console.
    const cleared = await this.deps.systemLog.clearAll(actor.id, requestId);
    const output = `Cleared ${plural(cleared, 'log entry', 'log entries')}.`;
    await audit(output);
    return output;
  }

  private async setMaintenance(on: boolean, audit: Audit): Promise<string> {
    const output = on
      ? "Maintenance mode is on: changes by anyone but supergods are refused until 'maintenance off'."
      : 'Maintenance mode is off: changes are open again.';
    await this.transaction(async (trx) => {
      await this.deps.maintenance.write(on, trx);
      await audit(output, trx);
    });
    this.deps.maintenance.remember(on);
    return output;
  }

  private async announce(
    actor: UserRow,
    title: string,
    content: string,
    audit: Audit,
    requestId: string | null,
  ): Promise<string> {
    const published = await this.deps.announcements.publish(
      { title, content, authorId: actor.id },
      requestId,
    );
    const output = `Published announcement #${published.id} '${published.title}' at ${published.createdAt}.`;
    await audit(output);
    return output;
  }
}
