// The route table: every API call with its method, path, schemas and access level.
// The server registers its routes from here (a route without an access level cannot be
// registered), the access hook enforces the level, and the access-matrix test walks it.
import type { TSchema } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import {
  ActivityLogEntrySchema,
  ActivityQuery,
  AnnouncementSchema,
  ClearLogsResponse,
  DetailedHealthSchema,
  LogsPageSchema,
  LogsQuery,
  MarkReadBody,
  NewAnnouncementBody,
  UnreadCountSchema,
  UsersPageQuery,
} from './admin.js';
import { AssistantFeedbackBody, AssistantQueryBody, AssistantResponse } from './assistant.js';
import { ErrorResponse, OkResponse } from './common.js';
import { HealthResponse, ReadyResponse } from './health.js';
import {
  BalanceResponse,
  GatewayBody,
  OtpRequest,
  OtpResponse,
  TransactionBody,
  TransactionResponse,
  TransactionsResponse,
  WalletLoginBody,
  WalletLoginError,
  WalletLoginResponse,
} from './keypad.js';
import {
  Credentials,
  LoginBody,
  RegisterAdminBody,
  RegisterSupergodBody,
  SessionResponse,
  User,
} from './session.js';
import {
  AssignmentSchema,
  BillingItemSchema,
  BulkOverrideBody,
  ChangePlanBody,
  ChangePlanResponse,
  CurrentPlanSchema,
  CurrentSubscriptionSchema,
  FeatureOverrideBody,
  FeatureSchema,
  NewFeatureBody,
  OverrideBody,
  OverrideInfoSchema,
  PlanSchema,
  PreviewSchema,
  SubscriptionMessage,
  ToggleFeatureBody,
  UserIdQuery,
  UserWithSubscriptionSchema,
} from './subscriptions.js';
import {
  ExecuteCommandBody,
  ExecuteCommandResponse,
  SupergodUsersQuery,
  SupergodUsersResponse,
  SystemStatusResponse,
} from './supergod.js';

/**
 * Who may call a route. 'user', 'admin' and 'supergod' are account sessions, each including the
 * ones before it; 'wallet' is a keypad wallet signed in with phone, OTP and PIN (a bearer token);
 * 'gateway' is the USSD aggregator, proved by the shared secret (and source address) the
 * operator configured.
 */
export type Access = 'public' | 'user' | 'admin' | 'supergod' | 'wallet' | 'gateway';
export const ACCESS_LEVELS: readonly Access[] = [
  'public',
  'user',
  'admin',
  'supergod',
  'wallet',
  'gateway',
];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSchema {
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  response: Record<number, TSchema>;
}

export interface RouteSpec {
  method: HttpMethod;
  url: string;
  access: Access;
  summary: string;
  /** Longer notes for the API reference, where the summary cannot say enough. */
  description?: string;
  tags: readonly string[];
  schema: RouteSchema;
  /** Body encoding the route accepts; JSON unless stated. */
  bodyType?: 'json' | 'form';
  /** A read that clients poll: answered 304 when the client's ETag still matches. */
  polled?: boolean;
  /** A POST that changes nothing (a question with a body): open during maintenance mode. */
  readOnly?: boolean;
}

const route = <const S extends RouteSpec>(spec: S): S => spec;

export const routes = {
  health: route({
    method: 'GET',
    url: '/api/health',
    access: 'public',
    summary: 'Liveness: the process answers',
    tags: ['health'],
    schema: { response: { 200: HealthResponse } },
  }),
  ready: route({
    method: 'GET',
    url: '/api/health/ready',
    access: 'public',
    summary: 'Readiness: the database answers, and Redis when it is configured',
    tags: ['health'],
    schema: { response: { 200: ReadyResponse, 503: ReadyResponse } },
  }),
  currentUser: route({
    method: 'GET',
    url: '/api/user',
    access: 'user',
    summary: 'The signed-in user (401 when signed out)',
    tags: ['session'],
    schema: { response: { 200: User, 401: ErrorResponse } },
  }),
  login: route({
    method: 'POST',
    url: '/api/login',
    access: 'public',
    summary: 'Sign in with username and password',
    tags: ['session'],
    schema: {
      body: LoginBody,
      response: { 200: SessionResponse, 401: ErrorResponse, 429: ErrorResponse },
    },
  }),
  logout: route({
    method: 'POST',
    url: '/api/logout',
    access: 'public',
    summary: 'Sign out (ends the session; harmless when already signed out)',
    tags: ['session'],
    schema: { response: { 200: OkResponse } },
  }),
  register: route({
    method: 'POST',
    url: '/api/register',
    access: 'public',
    summary: 'Create a user account and sign in',
    tags: ['session'],
    schema: { body: Credentials, response: { 200: SessionResponse, 409: ErrorResponse } },
  }),
  registerAdmin: route({
    method: 'POST',
    url: '/api/register-admin',
    access: 'public',
    summary: 'Create an administrator account with the administrator registration key',
    tags: ['session'],
    schema: {
      body: RegisterAdminBody,
      response: { 200: SessionResponse, 403: ErrorResponse, 409: ErrorResponse },
    },
  }),
  registerSupergod: route({
    method: 'POST',
    url: '/api/register-supergod',
    access: 'public',
    summary: 'Create a supergod account with the supergod registration key',
    tags: ['session'],
    schema: {
      body: RegisterSupergodBody,
      response: { 200: SessionResponse, 403: ErrorResponse, 409: ErrorResponse },
    },
  }),
  adminLogs: route({
    method: 'GET',
    url: '/api/admin/logs',
    access: 'admin',
    summary: 'System log entries, newest first, by level and text, one page per cursor',
    tags: ['admin'],
    polled: true,
    schema: { querystring: LogsQuery, response: { 200: LogsPageSchema } },
  }),
  clearLogs: route({
    method: 'POST',
    url: '/api/admin/logs/clear',
    access: 'admin',
    summary: 'Delete every system log entry (recorded in the activity log)',
    tags: ['admin'],
    schema: { response: { 200: ClearLogsResponse } },
  }),
  activityLogs: route({
    method: 'GET',
    url: '/api/admin/activity-logs',
    access: 'admin',
    summary:
      'Who did what: sign-ins, registrations, plan changes, overrides, commands, newest first',
    tags: ['admin'],
    schema: { querystring: ActivityQuery, response: { 200: Type.Array(ActivityLogEntrySchema) } },
  }),
  healthDetailed: route({
    method: 'GET',
    url: '/api/health/detailed',
    access: 'admin',
    summary: 'Server, database, auth, plugins and subscription figures for the admin dashboard',
    tags: ['health'],
    schema: { response: { 200: DetailedHealthSchema } },
  }),
  messages: route({
    method: 'GET',
    url: '/api/messages',
    access: 'user',
    summary: 'Recent announcements, newest first',
    tags: ['announcements'],
    polled: true,
    schema: { response: { 200: Type.Array(AnnouncementSchema) } },
  }),
  createMessage: route({
    method: 'POST',
    url: '/api/messages',
    access: 'admin',
    bodyType: 'form',
    summary: 'Send an announcement (form-encoded title and content, trimmed, both required)',
    tags: ['announcements'],
    schema: { body: NewAnnouncementBody, response: { 200: AnnouncementSchema } },
  }),
  unreadMessages: route({
    method: 'GET',
    url: '/api/messages/unread-count',
    access: 'user',
    summary: 'How many announcements the signed-in user has not seen',
    tags: ['announcements'],
    polled: true,
    schema: { response: { 200: UnreadCountSchema } },
  }),
  markMessagesRead: route({
    method: 'POST',
    url: '/api/messages/read',
    access: 'user',
    summary: 'Mark announcements up to lastId as seen by the signed-in user',
    tags: ['announcements'],
    schema: { body: MarkReadBody, response: { 200: OkResponse } },
  }),
  plans: route({
    method: 'GET',
    url: '/api/subscription/plans',
    access: 'public',
    summary: 'The plans with prices, trials, perks and included features',
    tags: ['subscriptions'],
    polled: true,
    schema: { response: { 200: Type.Array(PlanSchema) } },
  }),
  features: route({
    method: 'GET',
    url: '/api/features',
    access: 'user',
    summary: 'Every feature',
    tags: ['features'],
    polled: true,
    schema: { response: { 200: Type.Array(FeatureSchema) } },
  }),
  featureAssignments: route({
    method: 'GET',
    url: '/api/features/assignments',
    access: 'user',
    summary: 'Which plan includes which feature',
    tags: ['features'],
    polled: true,
    schema: { response: { 200: Type.Array(AssignmentSchema) } },
  }),
  usersWithSubscriptions: route({
    method: 'GET',
    url: '/api/users/with-subscriptions',
    access: 'admin',
    summary:
      'Users with their plan, by id; `search` matches usernames; the X-Total-Count header gives the total',
    tags: ['admin'],
    polled: true,
    schema: {
      querystring: UsersPageQuery,
      response: { 200: Type.Array(UserWithSubscriptionSchema) },
    },
  }),
  adminUserFeatures: route({
    method: 'GET',
    url: '/api/features/admin/user-features',
    access: 'admin',
    summary: "The feature ids a user can use (plan and the user's overrides)",
    tags: ['admin'],
    polled: true,
    schema: {
      querystring: UserIdQuery,
      response: { 200: Type.Array(Type.Integer()), 404: ErrorResponse },
    },
  }),
  toggleFeature: route({
    method: 'PATCH',
    url: '/api/features/toggle',
    access: 'admin',
    summary: 'Include or exclude a feature from a plan',
    tags: ['admin'],
    schema: { body: ToggleFeatureBody, response: { 200: AssignmentSchema, 404: ErrorResponse } },
  }),
  overridePlan: route({
    method: 'POST',
    url: '/api/subscription/override',
    access: 'admin',
    summary: "Set a user's plan at once, without charging",
    tags: ['admin'],
    schema: { body: OverrideBody, response: { 200: OkResponse, 404: ErrorResponse } },
  }),
  bulkOverridePlan: route({
    method: 'POST',
    url: '/api/subscription/bulk-override',
    access: 'admin',
    summary: "Set several users' plan at once, without charging",
    tags: ['admin'],
    schema: { body: BulkOverrideBody, response: { 200: OkResponse, 404: ErrorResponse } },
  }),
  overrideFeature: route({
    method: 'POST',
    url: '/api/features/admin/override',
    access: 'admin',
    summary: 'Turn one feature on or off for one user, whatever the plan says',
    tags: ['admin'],
    schema: { body: FeatureOverrideBody, response: { 200: OkResponse, 404: ErrorResponse } },
  }),
  addFeature: route({
    method: 'POST',
    url: '/api/features',
    access: 'admin',
    summary: 'Add a feature (included in no plan until toggled on)',
    tags: ['admin'],
    schema: { body: NewFeatureBody, response: { 200: FeatureSchema, 409: ErrorResponse } },
  }),
  userFeatures: route({
    method: 'GET',
    url: '/api/features/user',
    access: 'user',
    summary: 'The feature ids the signed-in user can use',
    tags: ['features'],
    polled: true,
    schema: { response: { 200: Type.Array(Type.Integer()) } },
  }),
  currentPlan: route({
    method: 'GET',
    url: '/api/subscription/current-plan',
    access: 'user',
    summary: "The signed-in user's plan",
    tags: ['subscriptions'],
    polled: true,
    schema: { response: { 200: CurrentPlanSchema } },
  }),
  currentSubscription: route({
    method: 'GET',
    url: '/api/subscription/current',
    access: 'user',
    summary: "The signed-in user's subscription",
    tags: ['subscriptions'],
    polled: true,
    schema: { response: { 200: CurrentSubscriptionSchema } },
  }),
  billingHistory: route({
    method: 'GET',
    url: '/api/subscription/billing-history',
    access: 'user',
    summary: "The signed-in user's invoices, newest first",
    tags: ['subscriptions'],
    polled: true,
    schema: { response: { 200: Type.Array(BillingItemSchema) } },
  }),
  overrideInfo: route({
    method: 'GET',
    url: '/api/subscription/override-info',
    access: 'user',
    summary: "Whether an admin set the user's plan (a user may ask only about themselves)",
    tags: ['subscriptions'],
    polled: true,
    schema: { querystring: UserIdQuery, response: { 200: OverrideInfoSchema, 403: ErrorResponse } },
  }),
  cancelSubscription: route({
    method: 'POST',
    url: '/api/subscription/cancel',
    access: 'user',
    summary: 'End the subscription at the end of the current period',
    tags: ['subscriptions'],
    schema: { response: { 200: SubscriptionMessage, 409: ErrorResponse } },
  }),
  resumeSubscription: route({
    method: 'POST',
    url: '/api/subscription/resume',
    access: 'user',
    summary: 'Undo a cancellation before the period ends',
    tags: ['subscriptions'],
    schema: { response: { 200: SubscriptionMessage, 409: ErrorResponse } },
  }),
  previewChange: route({
    method: 'POST',
    url: '/api/subscription/preview-change',
    access: 'user',
    readOnly: true,
    summary: 'What a plan change would charge now and at renewal (nothing is changed)',
    tags: ['subscriptions'],
    schema: { body: ChangePlanBody, response: { 200: PreviewSchema, 409: ErrorResponse } },
  }),
  changePlan: route({
    method: 'POST',
    url: '/api/subscription/change-plan',
    access: 'user',
    summary: 'Change plan: upgrades are charged pro-rated now, downgrades apply at the period end',
    tags: ['subscriptions'],
    schema: { body: ChangePlanBody, response: { 200: ChangePlanResponse, 409: ErrorResponse } },
  }),
  ussdOtp: route({
    method: 'POST',
    url: '/api/ussd/otp',
    access: 'public',
    summary: 'Send a 4-digit OTP to a phone (valid 5 minutes, 3 tries); demo mode returns it',
    tags: ['keypad'],
    schema: {
      body: OtpRequest,
      response: { 200: OtpResponse, 429: ErrorResponse, 503: ErrorResponse },
    },
  }),
  ussdLogin: route({
    method: 'POST',
    url: '/api/ussd/login',
    access: 'public',
    summary: 'Sign a wallet in with phone, OTP and PIN (the first sign-in sets the PIN)',
    description:
      'Signed in to an account as well (the session cookie), the wallet becomes that account’s ' +
      'if it has no account yet; its plan then decides the keypad flows (`locked`).',
    tags: ['keypad'],
    schema: {
      body: WalletLoginBody,
      response: {
        200: WalletLoginResponse,
        401: WalletLoginError,
        423: WalletLoginError,
        429: ErrorResponse,
      },
    },
  }),
  ussdBalance: route({
    method: 'GET',
    url: '/api/ussd/balance',
    access: 'wallet',
    summary: "The signed-in wallet's balances, from its ledger",
    tags: ['keypad'],
    schema: { response: { 200: BalanceResponse } },
  }),
  ussdTransaction: route({
    method: 'POST',
    url: '/api/ussd/transaction',
    access: 'wallet',
    summary:
      'Buy, transfer or send to a phone; the same idempotency key twice records one transaction',
    description:
      "Refused with 403 when the wallet's plan lacks the flow: a wallet takes the plan of the " +
      'account it was first signed in from (the keypad sends the session cookie), or Free.',
    tags: ['keypad'],
    schema: {
      body: TransactionBody,
      response: { 200: TransactionResponse, 403: ErrorResponse, 422: ErrorResponse },
    },
  }),
  ussdTransactions: route({
    method: 'GET',
    url: '/api/ussd/transactions',
    access: 'wallet',
    summary: "The signed-in wallet's transactions, newest first",
    tags: ['keypad'],
    schema: { response: { 200: TransactionsResponse } },
  }),
  ussdGateway: route({
    method: 'POST',
    url: '/api/ussd/gateway',
    access: 'gateway',
    bodyType: 'form',
    summary:
      "USSD aggregator callback: answers text/plain 'CON …' or 'END …' from the same keypad menu",
    description:
      'Only the aggregator may call it: send the shared secret OMEGA_USSD_GATEWAY_SECRET as the ' +
      'password of HTTP Basic auth (any user name) or in the X-Omega-Gateway-Secret header, from ' +
      'an address in OMEGA_USSD_GATEWAY_CIDRS when that is set. Without the secret configured the ' +
      'gateway is off (404). A callback repeated with the same sessionId and text gets the same ' +
      'answer and changes nothing; after END the session is closed.',
    tags: ['keypad'],
    schema: {
      body: GatewayBody,
      response: {
        200: Type.String(),
        401: ErrorResponse,
        403: ErrorResponse,
        404: ErrorResponse,
      },
    },
  }),
  supergodSystemStatus: route({
    method: 'GET',
    url: '/api/supergod/system-status',
    access: 'supergod',
    summary: "User and log counts, and the server's actual security posture",
    tags: ['supergod'],
    schema: { response: { 200: SystemStatusResponse } },
  }),
  supergodUsers: route({
    method: 'GET',
    url: '/api/supergod/users',
    access: 'supergod',
    summary: 'Every account, oldest first, a page at a time',
    tags: ['supergod'],
    schema: { querystring: SupergodUsersQuery, response: { 200: SupergodUsersResponse } },
  }),
  supergodExecute: route({
    method: 'POST',
    url: '/api/supergod/execute',
    access: 'supergod',
    summary: 'Run one console command (a fixed registry; the confirmation phrase is required)',
    tags: ['supergod'],
    schema: {
      body: ExecuteCommandBody,
      response: {
        200: ExecuteCommandResponse,
        400: ErrorResponse,
        403: ErrorResponse,
        404: ErrorResponse,
        409: ErrorResponse,
      },
    },
  }),
  assistantQuery: route({
    method: 'POST',
    url: '/api/ai/ai-assistant',
    access: 'user',
    readOnly: true,
    summary:
      "Ask the help assistant; answers for the session's user (a userId in the body is ignored), with live metrics for admins",
    tags: ['assistant'],
    schema: { body: AssistantQueryBody, response: { 200: AssistantResponse } },
  }),
  assistantFeedback: route({
    method: 'POST',
    url: '/api/ai/feedback',
    access: 'user',
    summary: "Rate an assistant answer (5 yes, 1 no), stored for the session's user",
    tags: ['assistant'],
    schema: { body: AssistantFeedbackBody, response: { 200: OkResponse } },
  }),
} as const;

export type RouteName = keyof typeof routes;
export const routeList: readonly RouteSpec[] = Object.values(routes);
