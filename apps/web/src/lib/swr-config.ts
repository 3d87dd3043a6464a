// The data defaults of spec sections 7 and 9: never stale, no retries, no refetch on focus.
// Polling is opted into per query (every 5 s where the spec says so).
import type { SWRConfiguration } from 'swr';
import { getJson } from './api-client.js';

export const swrDefaults: SWRConfiguration = {
  fetcher: (url: string) => getJson(url),
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
  revalidateIfStale: false,
};

export const POLL_INTERVAL_MS = 5000;
