// One page per user (issue 19): everything an operator needs about one account in one read —
// the account, its sessions, subscription and invoices, feature overrides, keypad wallet,
// activity and the system-log rows of its requests — and the read-only 'view as user'.
import { type Static, Type } from '@sinclair/typebox';
import { ActivityLogEntrySchema, LogEntrySchema } from './admin.js';
import { PaymentMethodSchema } from './billing.js';
import { Nullable, Role, Timestamp } from './common.js';
import { Balances, UssdTransactionSchema } from './keypad.js';
import {
  BillingItemSchema,
  CurrentSubscriptionSchema,
  UserFeatureOverrideSchema,
} from './subscriptions.js';

const Id = Type.Integer({
  minimum: 1,
  maximum: 2_147_483_647,
  errorMessage: 'id must be a whole number from 1 up',
});

export const UserIdParams = Type.Object({ id: Id });

/**
 * A session of the user, named by a handle (the first 16 hex digits of the stored hash of its
 * id): the id itself never leaves the server. Address and User-Agent (kept since migration
 * 0016) are shown to the account's owner only (GET /api/account/sessions).
 */
export const UserSessionSchema = Type.Object({
  handle: Type.String(),
  createdAt: Timestamp,
  /** When it was last used, to within five minutes (the idle deadline moves that often). */
  lastSeenAt: Timestamp,
  /** When it ends if unused (idle limit) — the absolute limit may come first. */
  expiresAt: Timestamp,
  /** Set while this session is an administrator's read-only view as another user. */
  viewingAs: Nullable(Type.Object({ id: Type.Integer(), username: Type.String() })),
});
export type UserSession = Static<typeof UserSessionSchema>;

export const UserPageWalletSchema = Type.Object({
  phone: Type.String(),
  createdAt: Timestamp,
  /** Locked after too many wrong PINs, until this time. */
  lockedUntil: Nullable(Timestamp),
  balances: Balances,
  /** The newest keypad transactions (at most 10). */
  transactions: Type.Array(UssdTransactionSchema),
});
export type UserPageWallet = Static<typeof UserPageWalletSchema>;

export const UserPageOverrideSchema = Type.Object({
  ...UserFeatureOverrideSchema.properties,
  featureName: Type.String(),
});
export type UserPageOverride = Static<typeof UserPageOverrideSchema>;

export const UserPageSchema = Type.Object({
  user: Type.Object({
    id: Type.Integer(),
    username: Type.String(),
    email: Nullable(Type.String()),
    role: Role,
    disabled: Type.Boolean(),
    createdAt: Timestamp,
    lastLogin: Nullable(Timestamp),
  }),
  /** The live sessions, newest first (at most 50). */
  sessions: Type.Array(UserSessionSchema),
  /** Null until the account first opens its subscription (it is on Free until then). */
  subscription: Nullable(CurrentSubscriptionSchema),
  /** The newest invoices (at most 20), each with its charge attempts and last failure. */
  invoices: Type.Array(BillingItemSchema),
  /** The saved card (brand, last 4, expiry); null when none is saved. */
  paymentMethod: Nullable(PaymentMethodSchema),
  /** Feature overrides in force, with who set each one, why and until when. */
  overrides: Type.Array(UserPageOverrideSchema),
  /** The keypad wallets opened from this account (usually none or one). */
  wallets: Type.Array(UserPageWalletSchema),
  /** The account's newest activity entries (at most 50). */
  activity: Type.Array(ActivityLogEntrySchema),
  /**
   * System-log rows written while serving this account's requests, found through the request
   * id on its activity entries; `linked` is false on a server whose logs carry no request id.
   */
  systemLogs: Type.Object({
    linked: Type.Boolean(),
    entries: Type.Array(LogEntrySchema),
  }),
  /** What the viewer may do on this page (the server checks each again). */
  can: Type.Object({
    revokeSessions: Type.Boolean(),
    viewAs: Type.Boolean(),
    changeRole: Type.Boolean(),
    disable: Type.Boolean(),
  }),
});
export type UserPage = Static<typeof UserPageSchema>;

export const SessionHandleParams = Type.Object({
  id: Id,
  handle: Type.String({
    pattern: '^[0-9a-f]{16}$',
    errorMessage: 'handle must be the 16 hex digits the user page shows',
  }),
});

export const RevokeSessionResponse = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
});

export const ViewAsResponse = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
  /** The viewed user, as GET /api/user now answers. */
  user: Type.Object({ id: Type.Integer(), username: Type.String() }),
  endsAt: Timestamp,
});

export const EndViewResponse = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
  /** The user that was viewed; null when no view was in force. */
  viewed: Nullable(Type.Object({ id: Type.Integer(), username: Type.String() })),
});
