// What the admin and supergod consoles read and change nothing: the activity log and the
// accounts table, page by page, shaped as the contract answers them.
import type { ActivityLogEntry, SupergodUsersResponse } from '@omega/contracts';
import type { ActivityRepository } from '../repositories/activity.js';
import type { UsersRepository } from '../repositories/users.js';
import { toUser } from './accounts.js';

export class AdminReads {
  constructor(
    private readonly activityLog: ActivityRepository,
    private readonly users: UsersRepository,
  ) {}

  /** Newest first; `before` is the id of the last entry of the previous page. */
  async activity(limit: number, before?: number): Promise<ActivityLogEntry[]> {
    const rows = await this.activityLog.recent(limit, before);
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      action: r.action,
      timestamp: new Date(r.created_at).toISOString(),
      details: r.details,
    }));
  }

  /** A page of accounts, oldest first, with how many match (all of them without a search). */
  async accounts(offset: number, limit: number, search?: string): Promise<SupergodUsersResponse> {
    const [rows, total] = await Promise.all([
      this.users.page(offset, limit, search),
      this.users.count(search),
    ]);
    return { users: rows.map(toUser), total, offset, limit };
  }
}
