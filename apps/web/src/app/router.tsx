// The routes of spec section 2 with the guards of section 6. Pages load on demand, so the
// sign-in page never downloads the admin console.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Shell } from '../features/shell/components/shell.js';
import { paths } from '../lib/paths.js';
import { RequireAdmin, RequireSupergod, RequireUser } from './guards.js';
import { RootLayout } from './root-layout.js';

const comingSoon = (title: string) => async () => {
  const { ComingSoon } = await import('../features/misc/routes/coming-soon.js');
  return { Component: () => <ComingSoon title={title} /> };
};

export const routeTree: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <Shell />,
        children: [
          {
            path: paths.auth,
            lazy: async () => ({
              Component: (await import('../features/auth/routes/auth-page.js')).AuthPage,
            }),
          },
          {
            path: paths.adminRegister,
            lazy: async () => ({
              Component: (await import('../features/auth/routes/admin-register-page.js'))
                .AdminRegisterPage,
            }),
          },
          {
            path: paths.supergodRegister,
            lazy: async () => ({
              Component: (await import('../features/auth/routes/supergod-register-page.js'))
                .SupergodRegisterPage,
            }),
          },
          {
            element: <RequireUser />,
            children: [
              { index: true, lazy: comingSoon('OmegaPay') },
              {
                path: paths.appCentral,
                lazy: async () => ({
                  Component: (await import('../features/modules/routes/app-central-page.js'))
                    .AppCentralPage,
                }),
              },
              {
                path: '/module/:id',
                lazy: async () => ({
                  Component: (await import('../features/modules/routes/module-page.js')).ModulePage,
                }),
              },
              {
                path: paths.mockDashboard,
                lazy: async () => ({
                  Component: (await import('../features/mock/routes/mock-dashboard-page.js'))
                    .MockDashboardPage,
                }),
              },
              {
                path: paths.mockSettings,
                lazy: async () => ({
                  Component: (await import('../features/mock/routes/mock-settings-page.js'))
                    .MockSettingsPage,
                }),
              },
              { path: paths.subscription, lazy: comingSoon('Subscription') },
              { path: paths.subscriptionPlans, lazy: comingSoon('Plans') },
              { path: paths.subscriptionFeatures, lazy: comingSoon('Features') },
              { path: '/subscriptions', element: <Navigate to={paths.subscription} replace /> },
              {
                element: <RequireAdmin />,
                children: [
                  { path: paths.admin, lazy: comingSoon('Admin Dashboard') },
                  { path: paths.adminLogs, lazy: comingSoon('System Logs') },
                  {
                    path: paths.adminSubscriptionManager,
                    lazy: comingSoon('Subscription Manager'),
                  },
                  { path: paths.adminCommunications, lazy: comingSoon('Communications') },
                ],
              },
              {
                element: <RequireSupergod />,
                children: [{ path: paths.supergod, lazy: comingSoon('Super-God Dashboard') }],
              },
              {
                path: '*',
                lazy: async () => ({
                  Component: (await import('../features/misc/routes/not-found.js')).NotFound,
                }),
              },
            ],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routeTree);
