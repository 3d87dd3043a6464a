// Every route path of the web app, in one place (spec section 2).

/**
 * The search parameter carrying a plan a visitor chose in the comparison on /auth: kept there
 * through registration, then on the plan chooser, which opens that plan's confirmation.
 */
export const PLAN_PARAM = 'plan';

export const paths = {
  home: '/',
  auth: '/auth',
  adminRegister: '/admin-register',
  supergodRegister: '/supergod-register',
  appCentral: '/app-central',
  module: (id: string | number) => `/module/${id}`,
  mockDashboard: '/mock-dashboard',
  mockSettings: '/mock-settings',
  subscription: '/subscription',
  subscriptionPlans: '/subscription/plans',
  /** The plan chooser with a plan's change confirmation open, for a plan chosen at sign-up. */
  confirmPlan: (planId: string) =>
    `/subscription/plans?${new URLSearchParams({ [PLAN_PARAM]: planId })}`,
  subscriptionFeatures: '/subscription/features',
  admin: '/admin',
  adminLogs: '/admin/logs',
  adminSubscriptionManager: '/admin/subscription-manager',
  adminCommunications: '/admin/communications',
  adminUnansweredQuestions: '/admin/unanswered-questions',
  supergod: '/supergod',
  accountSecurity: '/account/security',
} as const;

/** The only paths a signed-out visitor may see (spec section 6). */
export const PUBLIC_PATHS: readonly string[] = [
  paths.auth,
  paths.adminRegister,
  paths.supergodRegister,
];
