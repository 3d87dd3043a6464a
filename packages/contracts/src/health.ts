// Liveness and readiness probes.
import { type Static, Type } from '@sinclair/typebox';

export const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  uptimeSeconds: Type.Integer(),
});
export type HealthResponse = Static<typeof HealthResponse>;

export const ReadyResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
  /** Present when REDIS_URL is set: sign-in cannot go ahead without it. */
  redis: Type.Optional(Type.Union([Type.Literal('ok'), Type.Literal('unreachable')])),
});
export type ReadyResponse = Static<typeof ReadyResponse>;
