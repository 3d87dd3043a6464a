// Table types for Kysely. Times are integer milliseconds since the epoch on both
// dialects; booleans are 0/1 integers because SQLite has no boolean type.
import type { Generated, Insertable, Selectable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username: usernames are unique ignoring case. */
  username_key: string;
  email: string | null;
  role: string;
  password_hash: string;
  disabled: Generated<number>;
  created_at: number;
  last_login: number | null;
}

export interface SessionsTable {
  /** SHA-256 of the session id: a leaked table does not hand out live sessions. */
  id_hash: string;
  user_id: number | null;
  data: string;
  created_at: number;
  /** Idle deadline, pushed forward at most every few minutes while the session is used. */
  expires_at: number;
}

export interface ActivityLogsTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  details: string;
  created_at: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  activity_logs: ActivityLogsTable;
  settings: SettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ActivityLogRow = Selectable<ActivityLogsTable>;
