// The routes of spec section 2 with the guards of section 6. Pages load on demand, so the
// sign-in page never downloads the admin console. (Declarative routes rather than the data
// router: the data router alone added 17 KB to the sign-in page's budget, now 100 KB.)
import { Spinner } from '@omega/ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths } from '../lib/paths.js';
import { RequireAdmin, RequireSupergod, RequireUser } from './guards.js';
import { PageBoundary } from './page-boundary.js';
import { Shell } from './shell/shell.js';
import { ChosenPlanNote, VisitorPlanComparison } from './visitor-plans.js';

const named = <K extends string, P extends object = object>(
  load: () => Promise<Record<K, React.ComponentType<P>>>,
  name: K,
) => lazy(async () => ({ default: (await load())[name] }));

const AuthPage = named(() => import('../features/auth/routes/auth-page.js'), 'AuthPage');
const AdminRegisterPage = named(
  () => import('../features/auth/routes/admin-register-page.js'),
  'AdminRegisterPage',
);
const SupergodRegisterPage = named(
  () => import('../features/auth/routes/supergod-register-page.js'),
  'SupergodRegisterPage',
);
const AppCentralPage = named(
  () => import('../features/modules/routes/app-central-page.js'),
  'AppCentralPage',
);
const ModulePage = named(() => import('../features/modules/routes/module-page.js'), 'ModulePage');
const MockDashboardPage = named(
  () => import('../features/mock/routes/mock-dashboard-page.js'),
  'MockDashboardPage',
);
const MockSettingsPage = named(
  () => import('../features/mock/routes/mock-settings-page.js'),
  'MockSettingsPage',
);
const SubscriptionPage = named(
  () => import('../features/subscription/routes/subscription-page.js'),
  'SubscriptionPage',
);
const PlansPage = named(() => import('../features/subscription/routes/plans-page.js'), 'PlansPage');
const FeaturesPage = named(
  () => import('../features/subscription/routes/features-page.js'),
  'FeaturesPage',
);
const SecurityPage = named(
  () => import('../features/account/routes/security-page.js'),
  'SecurityPage',
);
const KeypadPage = named(() => import('../features/keypad/routes/keypad-page.js'), 'KeypadPage');
const AdminDashboardPage = named(
  () => import('../features/admin/routes/admin-dashboard-page.js'),
  'AdminDashboardPage',
);
const LogsPage = named(() => import('../features/admin/routes/logs-page.js'), 'LogsPage');
const AdminUserPage = named(
  () => import('../features/admin/routes/admin-user-page.js'),
  'AdminUserPage',
);
const SubscriptionManagerPage = named(
  () => import('../features/admin/routes/subscription-manager-page.js'),
  'SubscriptionManagerPage',
);
const CommunicationsPage = named(
  () => import('../features/admin/routes/communications-page.js'),
  'CommunicationsPage',
);
const UnansweredQuestionsPage = named(
  () => import('../features/admin/routes/unanswered-questions-page.js'),
  'UnansweredQuestionsPage',
);
const SupergodDashboardPage = named(
  () => import('../features/supergod/routes/supergod-dashboard-page.js'),
  'SupergodDashboardPage',
);
const NotFound = named(() => import('./status-pages/not-found.js'), 'NotFound');

function PageLoading() {
  return (
    <div className="omega-page-loading">
      <Spinner aria-label="Loading the page" />
    </div>
  );
}

const page = (element: ReactNode) => (
  <PageBoundary>
    <Suspense fallback={<PageLoading />}>{element}</Suspense>
  </PageBoundary>
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route
          path={paths.auth}
          element={page(
            <AuthPage PlanComparison={VisitorPlanComparison} ChosenPlanNote={ChosenPlanNote} />,
          )}
        />
        <Route path={paths.adminRegister} element={page(<AdminRegisterPage />)} />
        <Route path={paths.supergodRegister} element={page(<SupergodRegisterPage />)} />
        <Route element={<RequireUser />}>
          <Route index element={page(<KeypadPage />)} />
          <Route path={paths.appCentral} element={page(<AppCentralPage />)} />
          <Route path="/module/:id" element={page(<ModulePage />)} />
          <Route path={paths.mockDashboard} element={page(<MockDashboardPage />)} />
          <Route path={paths.mockSettings} element={page(<MockSettingsPage />)} />
          <Route path={paths.subscription} element={page(<SubscriptionPage />)} />
          <Route path={paths.subscriptionPlans} element={page(<PlansPage />)} />
          <Route path={paths.subscriptionFeatures} element={page(<FeaturesPage />)} />
          <Route path="/subscriptions" element={<Navigate to={paths.subscription} replace />} />
          <Route path={paths.accountSecurity} element={page(<SecurityPage />)} />
          <Route element={<RequireAdmin />}>
            <Route path={paths.admin} element={page(<AdminDashboardPage />)} />
            <Route path={paths.adminLogs} element={page(<LogsPage />)} />
            <Route path="/admin/users/:id" element={page(<AdminUserPage />)} />
            <Route
              path={paths.adminSubscriptionManager}
              element={page(<SubscriptionManagerPage />)}
            />
            <Route path={paths.adminCommunications} element={page(<CommunicationsPage />)} />
            <Route
              path={paths.adminUnansweredQuestions}
              element={page(<UnansweredQuestionsPage />)}
            />
          </Route>
          <Route element={<RequireSupergod />}>
            <Route path={paths.supergod} element={page(<SupergodDashboardPage />)} />
          </Route>
          <Route path="*" element={page(<NotFound />)} />
        </Route>
      </Route>
    </Routes>
  );
}
