// One page per user (issue 19): the account, its live sessions, subscription and invoices,
// feature overrides, keypad wallets, activity and the system-log rows of its requests, in one
// read; and ending one of its sessions, audited. Who may act on whom: supergods on anyone;
// admins on normal users and on themselves — never on another admin or a supergod, as in the
// supergod console, where only supergods change accounts.
import type { routes } from '@omega/contracts';
import { normalizeRole, type Role } from '@omega/domain';
import type { Static } from '@sinclair/typebox';
import type { SessionRow, UserRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { HttpError } from '../lib/http-error.js';
import type { ActivityRepository } from '../repositories/activity.js';
import type { SessionsRepository } from '../repositories/sessions.js';
import type { SubscriptionsRepository } from '../repositories/subscriptions.js';
import type { SystemLogsRepository } from '../repositories/system-logs.js';
import type { UsersRepository } from '../repositories/users.js';
import type { WalletsRepository } from '../repositories/wallets.js';
import type { BillingService } from './billing.js';
import type { FeatureCatalogueService } from './feature-catalogue.js';
import type { SessionPolicy } from './session-store.js';
import type { SubscriptionService } from './subscriptions.js';
import type { WalletTransactionService } from './wallet-transactions.js';

export type UserPage = Static<(typeof routes.adminUserPage.schema.response)[200]>;
type UserSession = UserPage['sessions'][number];

/** The newest this many of each list are shown. */
export const USER_PAGE_LIMITS = {
  sessions: 50,
  invoices: 20,
  overrides: 200,
  wallets: 5,
  walletTransactions: 10,
  activity: 50,
  /** The latest activity entries whose requests' log rows are shown. */
  loggedRequests: 200,
  systemLogs: 50,
} as const;

const HANDLE_LENGTH = 16;
/** A session's handle on the page: enough of the stored hash to name it, never its id. */
export const sessionHandle = (row: Pick<SessionRow, 'id_hash'>) =>
  row.id_hash.slice(0, HANDLE_LENGTH);

const iso = (ms: number) => new Date(ms).toISOString();
const RANK: Record<Role, number> = { user: 0, admin: 1, supergod: 2 };

/** Whether `actor` may act on `target`'s account (end its sessions and the like). */
export function mayActOn(actor: UserRow, target: UserRow): boolean {
  if (actor.id === target.id) return true;
  const actorRole = normalizeRole(actor.role);
  if (actorRole === 'supergod') return true;
  return RANK[actorRole] > RANK[normalizeRole(target.role)];
}

export interface AdminUsersDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  activity: ActivityRepository;
  catalogue: SubscriptionsRepository;
  wallets: WalletsRepository;
  systemLogs: SystemLogsRepository;
  subscriptions: Pick<SubscriptionService, 'view' | 'billingHistory'>;
  billing: Pick<BillingService, 'paymentMethod'>;
  featureCatalogue: Pick<FeatureCatalogueService, 'overridesOf'>;
  walletTransactions: Pick<WalletTransactionService, 'balances' | 'list'>;
  sessionPolicy: SessionPolicy;
  clock: Clock;
}

export class AdminUsersService {
  /** Settled once true: migrations run before the server starts, never while it runs. */
  private requestIdsKnown = false;

  constructor(private readonly deps: AdminUsersDeps) {}

  private async target(id: number): Promise<UserRow> {
    const user = await this.deps.users.findById(id);
    if (!user) throw new HttpError(404, `No user with id ${id}.`);
    return user;
  }

  async page(viewer: UserRow, id: number): Promise<UserPage> {
    const user = await this.target(id);
    const { deps } = this;
    const [
      sessions,
      subscription,
      invoices,
      overrides,
      wallets,
      activity,
      systemLogs,
      paymentMethod,
    ] = await Promise.all([
      this.liveSessions(user.id),
      deps.catalogue.find(user.id).then((row) => (row ? deps.subscriptions.view(user.id) : null)),
      deps.subscriptions
        .billingHistory(user.id)
        .then((items) => items.slice(0, USER_PAGE_LIMITS.invoices)),
      this.overrides(user.id),
      this.wallets(user.id),
      deps.activity.forUser(user.id, USER_PAGE_LIMITS.activity),
      this.systemLogs(user.id),
      deps.billing.paymentMethod(user.id),
    ]);
    const viewerRole = normalizeRole(viewer.role);
    const role = normalizeRole(user.role);
    return {
      user: {
        id: user.id,
        username: user.username,
        email: user.email,
        role,
        disabled: user.disabled !== 0,
        createdAt: iso(user.created_at),
        lastLogin: user.last_login === null ? null : iso(user.last_login),
      },
      sessions,
      subscription,
      invoices,
      paymentMethod,
      overrides,
      wallets,
      activity: activity.map((r) => ({
        id: r.id,
        userId: r.user_id,
        action: r.action,
        timestamp: iso(r.created_at),
        details: r.details,
      })),
      systemLogs,
      can: {
        revokeSessions: mayActOn(viewer, user),
        viewAs: role === 'user' && user.disabled === 0 && user.id !== viewer.id,
        changeRole: viewerRole === 'supergod',
        disable: viewerRole === 'supergod',
      },
    };
  }

  /**
   * Ends one of the account's sessions. The row goes at once; an instance that read the
   * session in the last second (SESSION_CACHE_MS) may honour it until that second is up.
   */
  async revokeSession(
    actor: UserRow,
    id: number,
    handle: string,
    requestId: string | null,
  ): Promise<string> {
    const user = await this.target(id);
    if (!mayActOn(actor, user)) {
      throw new HttpError(
        403,
        `Only a supergod can end the sessions of ${user.username} (${normalizeRole(user.role)}).`,
      );
    }
    const rows = await this.deps.sessions.liveForUser(
      user.id,
      this.deps.clock(),
      USER_PAGE_LIMITS.sessions,
    );
    const row = rows.find((r) => sessionHandle(r) === handle);
    if (!row) throw new HttpError(404, `${user.username} has no live session ${handle}.`);
    await this.deps.sessions.delete(row.id_hash);
    await this.deps.activity.record({
      userId: actor.id,
      action: 'session_revoke',
      details: `${actor.username} ended session ${handle} of ${user.username} (user ${user.id})`,
      at: this.deps.clock(),
      requestId,
    });
    return `Session ${handle} of ${user.username} has ended.`;
  }

  private async liveSessions(userId: number): Promise<UserSession[]> {
    const { clock, sessionPolicy } = this.deps;
    const now = clock();
    const rows = (
      await this.deps.sessions.liveForUser(userId, now, USER_PAGE_LIMITS.sessions)
    ).filter((r) => r.created_at + sessionPolicy.absoluteMs > now);
    const viewed = new Map<number, string>();
    const views = rows.map((r) => viewOf(r.data));
    for (const targetId of new Set(views.filter((v) => v !== null))) {
      const target = await this.deps.users.findById(targetId);
      if (target) viewed.set(targetId, target.username);
    }
    return rows.map((r, i) => {
      const targetId = views[i] ?? null;
      const username = targetId === null ? undefined : viewed.get(targetId);
      return {
        handle: sessionHandle(r),
        createdAt: iso(r.created_at),
        lastSeenAt: iso(Math.max(r.created_at, r.expires_at - sessionPolicy.idleMs)),
        expiresAt: iso(Math.min(r.expires_at, r.created_at + sessionPolicy.absoluteMs)),
        viewingAs: targetId !== null && username !== undefined ? { id: targetId, username } : null,
      };
    });
  }

  private async overrides(userId: number): Promise<UserPage['overrides']> {
    const [overrides, features] = await Promise.all([
      this.deps.featureCatalogue.overridesOf(userId),
      this.deps.catalogue.features(),
    ]);
    const names = new Map(features.map((f) => [f.id, f.name]));
    return overrides.slice(0, USER_PAGE_LIMITS.overrides).map((o) => ({
      ...o,
      featureName: names.get(o.featureId) ?? `Feature ${o.featureId}`,
    }));
  }

  private async wallets(userId: number): Promise<UserPage['wallets']> {
    const rows = await this.deps.wallets.ownedBy(userId, USER_PAGE_LIMITS.wallets);
    return Promise.all(
      rows.map(async (w) => {
        const [balances, transactions] = await Promise.all([
          this.deps.walletTransactions.balances(w.phone),
          this.deps.walletTransactions.list(w.phone),
        ]);
        return {
          phone: w.phone,
          createdAt: iso(w.created_at),
          lockedUntil:
            w.locked_until !== null && w.locked_until > this.deps.clock()
              ? iso(w.locked_until)
              : null,
          balances,
          transactions: transactions.slice(0, USER_PAGE_LIMITS.walletTransactions),
        };
      }),
    );
  }

  private async systemLogs(userId: number): Promise<UserPage['systemLogs']> {
    const { systemLogs } = this.deps;
    if (!this.requestIdsKnown) {
      this.requestIdsKnown = await systemLogs.hasRequestIds();
      if (!this.requestIdsKnown) return { linked: false, entries: [] };
    }
    const rows = await systemLogs.forUserRequests(
      userId,
      USER_PAGE_LIMITS.loggedRequests,
      USER_PAGE_LIMITS.systemLogs,
    );
    return {
      linked: true,
      entries: rows.map((r) => ({
        id: r.id,
        level: r.level,
        source: r.source,
        message: r.message,
        timestamp: iso(r.created_at),
        ...(r.stack_trace ? { stackTrace: r.stack_trace } : {}),
      })),
    };
  }
}

/** The user a session is viewing as, from its stored data, if any. */
function viewOf(data: string): number | null {
  try {
    const parsed = JSON.parse(data) as { impersonating?: { userId?: unknown } };
    const id = parsed.impersonating?.userId;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}
