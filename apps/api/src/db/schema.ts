// Table types for Kysely. Times are integer milliseconds since the epoch on both
// dialects; booleans are 0/1 integers because SQLite has no boolean type.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** The X-Request-Id of the request that wrote a row (migration 0011); null outside requests. */
type RequestIdColumn = ColumnType<string | null, string | null | undefined, string | null>;

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
  /** The client address at sign-in (migration 0016); null for older sessions. */
  ip: ColumnType<string | null, string | null | undefined, string | null>;
  /** The User-Agent at sign-in, cut to 512 characters (migration 0016); null when none. */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An account's authenticator-app secret (migration 0017). */
export interface UserTotpTable {
  user_id: number;
  /** The secret, encrypted (services/two-factor.ts): never stored or logged in the clear. */
  secret_enc: string;
  /** 0 while pending (set up, not yet confirmed by a code), 1 once on. */
  enabled: number;
  /** The time step of the last code accepted: a code is accepted once. */
  last_step: number | null;
  created_at: number;
  enabled_at: number | null;
}

/** One single-use recovery code of an account (migration 0017), as a SHA-256 hash. */
export interface RecoveryCodesTable {
  user_id: number;
  code_hash: string;
  used_at: number | null;
}

/** A personal access token (migration 0019): only its hash is kept. */
export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** SHA-256 of the whole token, hex. */
  token_hash: string;
  /** The token's last four characters. */
  hint: string;
  /** Space-separated, in a fixed order (domain `encodeScopes`). */
  scopes: string;
  created_at: number;
  expires_at: number | null;
  /** Moved at most once a minute, so a busy token does not write on every call. */
  last_used_at: number | null;
}

/** A WebAuthn credential an account registered (migration 0018, decision 034). */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url; unique across every account. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The WebAuthn user id (base64url of random bytes), one per account. */
  user_handle: string;
  /** The authenticator's signature counter when last used; 0 for those that keep none. */
  counter: number;
  /** JSON array of the transports the browser reported at registration. */
  transports: string;
  name: string;
  aaguid: string | null;
  /** 1 when the authenticator said the passkey is backed up (synced), 0 otherwise. */
  backed_up: number;
  created_at: number;
  last_used_at: number | null;
}

export interface ActivityLogsTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  details: string;
  created_at: number;
  request_id: RequestIdColumn;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface PlansTable {
  id: string;
  name: string;
  monthly_price: number;
  annual_price: number | null;
  trial_days: number | null;
  is_popular: number;
  perks: string;
  sort_order: number;
}

export interface FeaturesTable {
  id: Generated<number>;
  name: string;
  /** The name lower-cased, unique: names are the same whatever their case (migration 0032). */
  name_key: string | null;
  category: string;
  description: string;
  created_at: number;
}

export interface PlanFeaturesTable {
  plan_id: string;
  feature_id: number;
  enabled: number;
}

export interface UserFeatureOverridesTable {
  user_id: number;
  feature_id: number;
  enabled: number;
  updated_at: number;
  /**
   * Why it was set (migration 0012; older rows say they predate reasons); null when the caller
   * gave none (migration 0015: the specification's call sends no reason).
   */
  reason: string | null;
  /** The administrator who set it; null when unknown or since deleted. */
  set_by: number | null;
  /** When it stops applying (epoch ms); null: until changed. Compared at read time. */
  expires_at: number | null;
}

export interface SubscriptionsTable {
  user_id: number;
  plan_id: string;
  interval: string;
  status: string;
  anchor: number;
  period_index: number;
  current_period_start: number;
  current_period_end: number;
  trial_end: number | null;
  cancel_at_period_end: number;
  scheduled_plan_id: string | null;
  scheduled_interval: string | null;
  credit_balance: number;
  had_trial: number;
  /** 1 while the plan is one an administrator assigned: renewals charge nothing (decision 012). */
  complimentary: Generated<number>;
  version: number;
  renewal_claimed_until: number | null;
  updated_at: number;
}

export interface InvoicesTable {
  id: Generated<number>;
  user_id: number;
  description: string;
  amount: number;
  status: string;
  period_start: number;
  period_end: number;
  dedupe_key: string;
  created_at: number;
  /** Charges tried for it (migration 0021; 0 for invoices from before it). */
  attempts: Generated<number>;
  last_attempt_at: number | null;
  failure_message: string | null;
  /** When the dunning job next acts on it (a retry, or the move to Free); null: nothing planned. */
  next_attempt_at: number | null;
  /** The first failed charge's time: the dunning schedule counts from it. */
  first_failed_at: number | null;
  /** The idempotency key of a charge in flight, kept until its outcome is written. */
  charging_key: string | null;
  /** Held by one instance's collector until then. */
  claimed_until: number | null;
  /** The provider's id of the charge that paid it. */
  provider_ref: string | null;
  paid_at: number | null;
}

/** The card an account is charged to (migration 0021): never its number or CVC. */
export interface PaymentMethodsTable {
  user_id: number;
  /** 'demo' or 'stripe': a card saved with one provider is unknown to the other. */
  provider: string;
  /** The provider's reference: a Stripe PaymentMethod id, or the demo provider's token. */
  provider_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created_at: number;
  updated_at: number;
}

/** The provider's customer for an account (a Stripe Customer id). */
export interface BillingCustomersTable {
  user_id: number;
  provider: string;
  customer_ref: string;
  created_at: number;
}

/** The demo provider's own record of each charge, by idempotency key. */
export interface DemoChargesTable {
  idempotency_key: string;
  ref: string;
  payment_method_ref: string;
  amount: number;
  currency: string;
  /** 'succeeded', 'declined' or 'requires_action'. */
  status: string;
  code: string | null;
  message: string | null;
  created_at: number;
  updated_at: number;
}

/** Webhook events a provider sent, each handled once. */
export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  type: string;
  received_at: number;
  /**
   * When it was handled (migration 0022); null while an instance handles it, since
   * `received_at` (that instance's claim).
   */
  handled_at: Generated<number | null>;
}

/**
 * The stripe provider's record of each charge it sent (migration 0022): the customer it was for
 * and, once an answer named it, its PaymentIntent, so a lost answer is found without charging.
 */
export interface StripeChargesTable {
  idempotency_key: string;
  customer_ref: string;
  payment_intent_id: string | null;
  created_at: number;
}

export interface SubscriptionOverridesTable {
  id: Generated<number>;
  user_id: number;
  plan_id: string;
  admin_id: number | null;
  pro_rated_amount: number;
  created_at: number;
}

export interface WalletsTable {
  phone: string;
  pin_hash: string | null;
  failed_pins: Generated<number>;
  locked_until: number | null;
  created_at: number;
  /** The account the wallet was first opened from; its plan decides the keypad flows. */
  owner_id: number | null;
}

export interface WalletOtpsTable {
  phone: string;
  code_hash: string;
  tries_left: number;
  expires_at: number;
}

export interface WalletTokensTable {
  token_hash: string;
  phone: string;
  expires_at: number;
}

export interface UssdTransactionsTable {
  id: Generated<number>;
  phone: string;
  client_id: string;
  request_hash: string;
  type: string;
  coin: string;
  amount: string;
  destination: string;
  status: string;
  reference: string;
  received: string | null;
  message: string | null;
  created_at: number;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  account: string;
  asset: string;
  /** bigint on both dialects; read as a string where it could exceed 2^53. */
  amount: string | number | bigint;
  transaction_id: number | null;
  created_at: number;
}

/** A wallet's running balance per asset: the sum of its ledger entries (migration 0010). */
export interface WalletBalancesTable {
  account: string;
  asset: string;
  /** bigint on both dialects; read as a string where it could exceed 2^53. */
  amount: string | number | bigint;
}

/**
 * Per UTC day and paid plan: the net change of its accounts and MRR, and the MRR's four kinds of
 * movement (cents), booked with each subscription change (migration 0013, decision 025).
 */
export interface RevenueDaysTable {
  day: number;
  plan_id: string;
  accounts: number;
  mrr: number;
  new_mrr: number;
  expansion_mrr: number;
  contraction_mrr: number;
  churned_mrr: number;
}

/** revenue_days spread over shards (migration 0027, decision 045): the user's id modulo 16. */
export interface RevenueDayShardsTable extends RevenueDaysTable {
  shard: number;
}

export interface SystemLogsTable {
  id: Generated<number>;
  level: 'INFO' | 'WARNING' | 'ERROR';
  source: string;
  message: string;
  stack_trace: string | null;
  created_at: number;
  request_id: RequestIdColumn;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  title: string;
  content: string;
  author_id: number | null;
  created_at: number;
  /** The one user it is for (migration 0021); null: for everyone. */
  recipient_id: Generated<number | null>;
}

export interface AnnouncementReadsTable {
  user_id: number;
  last_read_id: number;
}

export interface AssistantFeedbackTable {
  id: Generated<number>;
  response_id: string;
  user_id: number | null;
  /** 5 for yes, 1 for no (spec section 7). */
  rating: number;
  helpful: number;
  query: Generated<string>;
  created_at: number;
}

/**
 * A question the assistant declined, or one whose answer was rated 'no' (migration 0014), kept
 * for the retention period: the question as asked (trimmed) and the asker's role, not the account.
 */
export interface UnansweredQuestionsTable {
  id: Generated<number>;
  kind: 'declined' | 'rated-no';
  question: string;
  role: string;
  /** JSON array of the slugs of the articles the answer quoted ('[]' when declined). */
  articles_shown: string;
  /** The slug of a declined question's nearest article (the index's best hit), if any. */
  closest_article: string | null;
  asked_at: number;
}

export interface UssdSessionsTable {
  session_id: string;
  phone: string;
  state: string;
  applied: number;
  pin_replies: string;
  expires_at: number;
  /** The last callback's `text` (SHA-256: it holds the PIN) and our answer to it. */
  last_text_hash: string | null;
  last_answer: string | null;
  /** 1 once the session answered END: later callbacks change nothing. */
  ended: Generated<number>;
}

/** The USSD callback being answered now, per session (migration 0030). */
export interface UssdSessionClaimsTable {
  session_id: string;
  /** Who holds it: a random value per callback. */
  token: string;
  /** When it lapses, so a claim whose instance died is taken over. */
  expires_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  activity_logs: ActivityLogsTable;
  settings: SettingsTable;
  plans: PlansTable;
  features: FeaturesTable;
  plan_features: PlanFeaturesTable;
  user_feature_overrides: UserFeatureOverridesTable;
  subscriptions: SubscriptionsTable;
  invoices: InvoicesTable;
  payment_methods: PaymentMethodsTable;
  billing_customers: BillingCustomersTable;
  demo_charges: DemoChargesTable;
  payment_events: PaymentEventsTable;
  stripe_charges: StripeChargesTable;
  subscription_overrides: SubscriptionOverridesTable;
  wallets: WalletsTable;
  wallet_otps: WalletOtpsTable;
  wallet_tokens: WalletTokensTable;
  ussd_transactions: UssdTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  wallet_balances: WalletBalancesTable;
  revenue_days: RevenueDaysTable;
  revenue_day_shards: RevenueDayShardsTable;
  system_logs: SystemLogsTable;
  announcements: AnnouncementsTable;
  announcement_reads: AnnouncementReadsTable;
  assistant_feedback: AssistantFeedbackTable;
  unanswered_questions: UnansweredQuestionsTable;
  ussd_sessions: UssdSessionsTable;
  ussd_session_claims: UssdSessionClaimsTable;
  user_totp: UserTotpTable;
  recovery_codes: RecoveryCodesTable;
  access_tokens: AccessTokensTable;
  passkeys: PasskeysTable;
}

export type UssdTransactionRow = Selectable<UssdTransactionsTable>;

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type FeatureRow = Selectable<FeaturesTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ActivityLogRow = Selectable<ActivityLogsTable>;
export type SystemLogRow = Selectable<SystemLogsTable>;
export type AnnouncementRow = Selectable<AnnouncementsTable>;
export type UnansweredQuestionRow = Selectable<UnansweredQuestionsTable>;
export type PasskeyRow = Selectable<PasskeysTable>;
