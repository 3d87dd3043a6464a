// The dashboard's trend charts (issue 19): one read per chart, each already bucketed by the
// server. Read once when /admin opens; the charts are a look back, not a live monitor.
import type {
  LogLevelsTrend,
  PlansTrend,
  RegistrationsTrend,
  RevenueTrend,
  SignInsTrend,
} from '@omega/contracts';
import useSWR from 'swr';
import { api } from '../../../lib/api.js';

const keys = {
  logLevels: api.url('logLevelsTrend'),
  signIns: api.url('signInsTrend'),
  registrations: api.url('registrationsTrend'),
  plans: api.url('plansTrend'),
  revenue: api.url('revenueTrend'),
} as const;

export const useLogLevelsTrend = () => useSWR<LogLevelsTrend>(keys.logLevels);
export const useSignInsTrend = () => useSWR<SignInsTrend>(keys.signIns);
export const useRegistrationsTrend = () => useSWR<RegistrationsTrend>(keys.registrations);
export const usePlansTrend = () => useSWR<PlansTrend>(keys.plans);
export const useRevenueTrend = () => useSWR<RevenueTrend>(keys.revenue);
