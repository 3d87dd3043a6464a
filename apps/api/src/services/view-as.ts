// The read-only 'view as user' (decision 021): an administrator's session may carry a view as
// one normal user for at most 15 minutes. This service decides who may view whom, resolves a
// session's view on each request (ending it when its time is up or the accounts changed) and
// records the start and the end in the activity log under the administrator's own id, with the
// id of the request that started or ended it (a view that runs out ends on the next request,
// read or write, and that request's id is the end's).
// plugins/app/impersonation.ts applies it to requests; the session cookie stays the admin's.
import { isAdmin, normalizeRole } from '@omega/domain';
import type { UserRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { HttpError } from '../lib/http-error.js';
import type { ActivityRepository } from '../repositories/activity.js';
import type { UsersRepository } from '../repositories/users.js';

/** How long a view lasts at most, by the injected clock. */
export const VIEW_AS_MAX_MS = 15 * 60_000;

/** What the administrator's session stores while a view is in force. */
export interface StoredView {
  userId: number;
  startedAt: number;
}

/** A view in force for this request. */
export interface ActiveView extends StoredView {
  admin: UserRow;
  target: UserRow;
  endsAt: number;
}

export type EndReason = 'ended' | 'signed-out' | 'expired' | 'target-changed' | 'admin-changed';

const END_WORDS: Record<EndReason, string> = {
  ended: 'ended by the administrator',
  'signed-out': 'the administrator signed out',
  expired: 'the 15 minutes ran out',
  'target-changed': 'the account is no longer a normal, enabled user',
  'admin-changed': 'the administrator is no longer an enabled admin',
};

export const readOnlyMessage = (username: string) =>
  `Read-only view as ${username}: changes are not allowed.`;

/** Why `target` may not be viewed as by `admin`; undefined when it may. */
export function viewAsRefusal(admin: UserRow, target: UserRow): string | undefined {
  if (target.id === admin.id) return 'You cannot view as yourself.';
  const role = normalizeRole(target.role);
  if (role !== 'user') {
    return `${target.username} is ${role === 'admin' ? 'an admin' : 'a supergod'}: only normal users can be viewed as.`;
  }
  if (target.disabled !== 0) return `${target.username} is disabled and cannot be viewed as.`;
  return undefined;
}

export interface ViewAsDeps {
  users: UsersRepository;
  activity: ActivityRepository;
  clock: Clock;
}

export class ViewAsService {
  constructor(private readonly deps: ViewAsDeps) {}

  /** Checks the target and records the start; the caller stores the returned view. */
  async start(
    admin: UserRow,
    targetId: number,
    requestId: string | null,
  ): Promise<{ view: StoredView; target: UserRow }> {
    const target = await this.deps.users.findById(targetId);
    if (!target) throw new HttpError(404, `No user with id ${targetId}.`);
    const refusal = viewAsRefusal(admin, target);
    if (refusal) throw new HttpError(403, refusal);
    const startedAt = this.deps.clock();
    await this.deps.activity.record({
      userId: admin.id,
      action: 'view_as_start',
      details: `${admin.username} started a read-only view as ${target.username} (user ${target.id}), for 15 minutes at most`,
      at: startedAt,
      requestId,
    });
    return { view: { userId: target.id, startedAt }, target };
  }

  /**
   * The view a session carries, checked again on every request: the administrator must still
   * be an enabled admin and the target a normal, enabled user, within the 15 minutes. When it
   * no longer holds, the end is recorded and `ended` says why; the caller drops it from the
   * session.
   */
  async resolve(
    adminId: unknown,
    stored: StoredView,
    requestId: string | null,
  ): Promise<{ active: ActiveView } | { ended: EndReason }> {
    const admin =
      typeof adminId === 'number' ? await this.deps.users.findForSession(adminId) : null;
    const target = await this.deps.users.findForSession(stored.userId);
    const endsAt = stored.startedAt + VIEW_AS_MAX_MS;
    let reason: EndReason | undefined;
    if (admin?.disabled !== 0 || !isAdmin(normalizeRole(admin.role))) {
      reason = 'admin-changed';
    } else if (!target || viewAsRefusal(admin, target)) {
      reason = 'target-changed';
    } else if (this.deps.clock() >= endsAt) {
      reason = 'expired';
    }
    if (reason) {
      if (admin) await this.end(admin, target, stored, reason, requestId);
      return { ended: reason };
    }
    return { active: { admin: admin as UserRow, target: target as UserRow, ...stored, endsAt } };
  }

  /** Records the end of a view (the caller removes it from the session). */
  async end(
    admin: UserRow,
    target: UserRow | null | undefined,
    stored: StoredView,
    reason: EndReason,
    requestId: string | null,
  ): Promise<void> {
    const now = this.deps.clock();
    // A view that ran out is seen at the session's next request: it lasted 15 minutes.
    const lasted = Math.min(now, stored.startedAt + VIEW_AS_MAX_MS) - stored.startedAt;
    const minutes = Math.max(0, Math.round(lasted / 60_000));
    const who = target ? `${target.username} (user ${target.id})` : `user ${stored.userId}`;
    await this.deps.activity.record({
      userId: admin.id,
      action: 'view_as_end',
      details: `${admin.username} ended the read-only view as ${who} after ${minutes} min: ${END_WORDS[reason]}`,
      at: now,
      requestId,
    });
  }
}
