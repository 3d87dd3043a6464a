// The Prometheus scrape endpoint (issue 19). Outside /api: it is for the monitoring system,
// not for clients of the product, and it answers text, not JSON.
import { Type } from '@sinclair/typebox';
import { ErrorResponse } from '../common.js';
import { route } from './define.js';

export const metricsRoutes = {
  metrics: route({
    method: 'GET',
    url: '/metrics',
    access: 'metrics',
    summary: 'Prometheus metrics in the text exposition format',
    description:
      'Requests per route and status class with their latency, the database pool, the event loop, memory, and business counters. Needs `Authorization: Bearer <OMEGA_METRICS_TOKEN>`; 404 while that variable is unset.',
    tags: ['health'],
    schema: {
      response: {
        200: Type.String({ description: 'Prometheus text format, version 0.0.4' }),
        401: ErrorResponse,
        404: ErrorResponse,
      },
    },
  }),
} as const;
