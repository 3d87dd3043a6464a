// The route table's method, path and body encoding per route, as plain data: what a browser
// client needs at run time without loading a schema. A test keeps it equal to `routes`, and
// the type below refuses a name, method or path the table does not have.
import type { routes } from './route-table.js';

type Routes = typeof routes;

export interface ManifestEntry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The body is sent form-encoded (the route's `bodyType: 'form'` or `'form-or-json'`). */
  form?: true;
}

/** One route's entry: the route table's own method and path for that name. */
export type RouteEntry<N extends keyof Routes> = ManifestEntry & {
  method: Routes[N]['method'];
  url: Routes[N]['url'];
};

/**
 * The entries of the routes a client serves. A bundle that calls a few routes declares only
 * those (`satisfies Partial<Manifest>` checks each against the table) and carries no others.
 */
export type Manifest<N extends keyof Routes = keyof Routes> = { readonly [K in N]: RouteEntry<K> };

export const routeManifest = {
  health: { method: 'GET', url: '/api/health' },
  ready: { method: 'GET', url: '/api/health/ready' },
  currentUser: { method: 'GET', url: '/api/user' },
  login: { method: 'POST', url: '/api/login' },
  logout: { method: 'POST', url: '/api/logout' },
  register: { method: 'POST', url: '/api/register' },
  registerAdmin: { method: 'POST', url: '/api/register-admin' },
  registerSupergod: { method: 'POST', url: '/api/register-supergod' },
  loginTwoFactor: { method: 'POST', url: '/api/login/2fa' },
  passkeySecondFactorOptions: { method: 'POST', url: '/api/login/2fa/passkey/options' },
  passkeySignInOptions: { method: 'POST', url: '/api/login/passkey/options' },
  passkeySignIn: { method: 'POST', url: '/api/login/passkey' },
  changePassword: { method: 'POST', url: '/api/account/password' },
  signInAgain: { method: 'POST', url: '/api/account/sign-in-again' },
  signInAgainPasskeyOptions: { method: 'POST', url: '/api/account/sign-in-again/passkey/options' },
  signInAgainPasskey: { method: 'POST', url: '/api/account/sign-in-again/passkey' },
  accountSessions: { method: 'GET', url: '/api/account/sessions' },
  endAccountSession: { method: 'DELETE', url: '/api/account/sessions/:id' },
  signOutOtherSessions: { method: 'POST', url: '/api/account/sessions/sign-out-others' },
  createAccessToken: { method: 'POST', url: '/api/account/tokens' },
  accessTokens: { method: 'GET', url: '/api/account/tokens' },
  revokeAccessToken: { method: 'DELETE', url: '/api/account/tokens/:id' },
  twoFactorStatus: { method: 'GET', url: '/api/account/2fa' },
  totpSetup: { method: 'POST', url: '/api/account/2fa/totp/setup' },
  totpEnable: { method: 'POST', url: '/api/account/2fa/totp/enable' },
  twoFactorDisable: { method: 'POST', url: '/api/account/2fa/disable' },
  newRecoveryCodes: { method: 'POST', url: '/api/account/2fa/recovery-codes' },
  passkeys: { method: 'GET', url: '/api/account/passkeys' },
  passkeyRegistrationOptions: { method: 'POST', url: '/api/account/passkeys/registration-options' },
  addPasskey: { method: 'POST', url: '/api/account/passkeys' },
  renamePasskey: { method: 'PATCH', url: '/api/account/passkeys/:id' },
  removePasskey: { method: 'DELETE', url: '/api/account/passkeys/:id' },
  adminLogs: { method: 'GET', url: '/api/admin/logs' },
  clearLogs: { method: 'POST', url: '/api/admin/logs/clear' },
  activityLogs: { method: 'GET', url: '/api/admin/activity-logs' },
  adminUserPage: { method: 'GET', url: '/api/admin/users/:id' },
  revokeUserSession: { method: 'DELETE', url: '/api/admin/users/:id/sessions/:handle' },
  startViewAs: { method: 'POST', url: '/api/admin/users/:id/view-as' },
  endViewAs: { method: 'POST', url: '/api/view-as/end' },
  logLevelsTrend: { method: 'GET', url: '/api/admin/trends/log-levels' },
  signInsTrend: { method: 'GET', url: '/api/admin/trends/sign-ins' },
  registrationsTrend: { method: 'GET', url: '/api/admin/trends/registrations' },
  plansTrend: { method: 'GET', url: '/api/admin/trends/plans' },
  revenueTrend: { method: 'GET', url: '/api/admin/trends/revenue' },
  healthDetailed: { method: 'GET', url: '/api/health/detailed' },
  messages: { method: 'GET', url: '/api/messages' },
  createMessage: { method: 'POST', url: '/api/messages', form: true },
  unreadMessages: { method: 'GET', url: '/api/messages/unread-count' },
  markMessagesRead: { method: 'POST', url: '/api/messages/read' },
  plans: { method: 'GET', url: '/api/subscription/plans' },
  features: { method: 'GET', url: '/api/features' },
  featureAssignments: { method: 'GET', url: '/api/features/assignments' },
  usersWithSubscriptions: {
    method: 'GET',
    url: '/api/users/with-subscriptions',
  },
  adminUserFeatures: {
    method: 'GET',
    url: '/api/features/admin/user-features',
  },
  adminUserOverrides: { method: 'GET', url: '/api/features/admin/user-overrides' },
  toggleFeature: { method: 'PATCH', url: '/api/features/toggle' },
  overridePlan: { method: 'POST', url: '/api/subscription/override' },
  bulkOverridePlan: { method: 'POST', url: '/api/subscription/bulk-override' },
  previewBulkOverride: { method: 'POST', url: '/api/subscription/bulk-override/preview' },
  overrideFeature: { method: 'POST', url: '/api/features/admin/override' },
  addFeature: { method: 'POST', url: '/api/features' },
  userFeatures: { method: 'GET', url: '/api/features/user' },
  currentPlan: { method: 'GET', url: '/api/subscription/current-plan' },
  currentSubscription: { method: 'GET', url: '/api/subscription/current' },
  billingHistory: { method: 'GET', url: '/api/subscription/billing-history' },
  overrideInfo: { method: 'GET', url: '/api/subscription/override-info' },
  cancelSubscription: { method: 'POST', url: '/api/subscription/cancel' },
  resumeSubscription: { method: 'POST', url: '/api/subscription/resume' },
  previewChange: { method: 'POST', url: '/api/subscription/preview-change' },
  changePlan: { method: 'POST', url: '/api/subscription/change-plan' },
  billingConfig: { method: 'GET', url: '/api/billing/config' },
  paymentMethod: { method: 'GET', url: '/api/billing/payment-method' },
  savePaymentMethod: { method: 'POST', url: '/api/billing/payment-method' },
  setupIntent: { method: 'POST', url: '/api/billing/setup-intent' },
  payNow: { method: 'POST', url: '/api/billing/pay-now' },
  confirmPayment: { method: 'POST', url: '/api/billing/confirm' },
  stripeWebhook: { method: 'POST', url: '/api/billing/webhooks/stripe' },
  ussdOtp: { method: 'POST', url: '/api/ussd/otp' },
  ussdLogin: { method: 'POST', url: '/api/ussd/login' },
  ussdBalance: { method: 'GET', url: '/api/ussd/balance' },
  ussdTransaction: { method: 'POST', url: '/api/ussd/transaction' },
  ussdTransactions: { method: 'GET', url: '/api/ussd/transactions' },
  ussdGateway: { method: 'POST', url: '/api/ussd/gateway', form: true },
  supergodSystemStatus: { method: 'GET', url: '/api/supergod/system-status' },
  supergodUsers: { method: 'GET', url: '/api/supergod/users' },
  supergodExecute: { method: 'POST', url: '/api/supergod/execute' },
  assistantQuery: { method: 'POST', url: '/api/ai/ai-assistant' },
  assistantFeedback: { method: 'POST', url: '/api/ai/feedback' },
  unansweredQuestions: { method: 'GET', url: '/api/admin/unanswered-questions' },
  clearUnansweredQuestions: { method: 'POST', url: '/api/admin/unanswered-questions/clear' },
  metrics: { method: 'GET', url: '/metrics' },
} as const satisfies Manifest;
