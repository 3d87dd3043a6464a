// Liveness and readiness probes.
import { HealthResponse, ReadyResponse } from '../health.js';
import { route } from './define.js';

export const healthRoutes = {
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
} as const;
