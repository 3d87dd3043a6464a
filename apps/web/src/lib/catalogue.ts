// The plan and feature catalogue, read by the subscription pages and the admin console alike
// (polled every 5 s, spec section 9).
import type { RouteAnswer } from '@omega/contracts/client';
import useSWR from 'swr';
import { api } from './api.js';
import { POLL_INTERVAL_MS } from './swr-config.js';

const polled = { refreshInterval: POLL_INTERVAL_MS };

export const catalogueKeys = {
  plans: api.url('plans'),
  features: api.url('features'),
} as const;

export const usePlans = () => useSWR<RouteAnswer<'plans'>>(catalogueKeys.plans, polled);
export const useFeatures = () => useSWR<RouteAnswer<'features'>>(catalogueKeys.features, polled);
