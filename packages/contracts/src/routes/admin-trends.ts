// The admin console's trend charts (issue 19): one aggregate endpoint per chart.
import {
  LogLevelsTrendSchema,
  PlansTrendSchema,
  RegistrationsTrendSchema,
  RevenueTrendSchema,
  SignInsTrendSchema,
} from '../admin-trends.js';
import { route } from './define.js';

export const adminTrendsRoutes = {
  logLevelsTrend: route({
    method: 'GET',
    url: '/api/admin/trends/log-levels',
    access: 'admin',
    summary: 'System-log errors and warnings per minute over the last 24 hours',
    tags: ['admin'],
    schema: { response: { 200: LogLevelsTrendSchema } },
  }),
  signInsTrend: route({
    method: 'GET',
    url: '/api/admin/trends/sign-ins',
    access: 'admin',
    summary: 'Password sign-ins and failed sign-ins per hour over the last 7 days',
    tags: ['admin'],
    schema: { response: { 200: SignInsTrendSchema } },
  }),
  registrationsTrend: route({
    method: 'GET',
    url: '/api/admin/trends/registrations',
    access: 'admin',
    summary: 'New accounts per day over the last 90 days, by role',
    tags: ['admin'],
    schema: { response: { 200: RegistrationsTrendSchema } },
  }),
  plansTrend: route({
    method: 'GET',
    url: '/api/admin/trends/plans',
    access: 'admin',
    summary: 'Accounts on each plan at the end of each day over the last 90 days',
    tags: ['admin'],
    schema: { response: { 200: PlansTrendSchema } },
  }),
  revenueTrend: route({
    method: 'GET',
    url: '/api/admin/trends/revenue',
    access: 'admin',
    summary:
      'Monthly recurring revenue now and per day over 90 days, with new, expansion, contraction and churned MRR',
    tags: ['admin'],
    schema: { response: { 200: RevenueTrendSchema } },
  }),
} as const;
