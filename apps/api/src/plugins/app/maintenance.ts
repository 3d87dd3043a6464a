// Maintenance mode, switched by the supergod `maintenance on|off` command: while it is on, every
// write under /api by anyone but a supergod is answered 503. Reads go on (so do POSTs the route
// table marks readOnly, such as asking the assistant), and sign-in and sign-out stay open so a
// supergod can always get in (and everyone else can leave).
// The flag lives in the settings table, so every instance sees it; each one re-reads it at
// most every few seconds, so reads cost nothing and instances agree soon after a switch.

import { routes } from '@omega/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { callPath, isApiPath } from '../../lib/call-path.js';
import type { SettingsRepository } from '../../repositories/settings.js';

declare module 'fastify' {
  interface FastifyInstance {
    maintenance: MaintenanceMode;
  }
  interface FastifyContextConfig {
    /** The route table's `readOnly`: a POST that changes nothing. */
    readOnly?: boolean;
  }
}

export const MAINTENANCE_SETTING = 'maintenance_mode';
export const MAINTENANCE_MESSAGE =
  'Omega is in maintenance mode: changes are paused. Try again later.';
/** How long an instance trusts the flag it last read. */
export const MAINTENANCE_CACHE_MS = 3000;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writes that stay open during maintenance. */
const ALWAYS_OPEN = new Set(
  [
    routes.login,
    // Every way in: a supergod's second step and passkeys (issue 37) too.
    routes.loginTwoFactor,
    routes.passkeySecondFactorOptions,
    routes.passkeySignInOptions,
    routes.passkeySignIn,
    routes.logout,
  ].map((r) => `${r.method} ${r.url}`),
);

export class MaintenanceMode {
  private cached: { on: boolean; at: number } | undefined;

  constructor(private readonly settings: SettingsRepository) {}

  /** The flag, read from the database at most once per MAINTENANCE_CACHE_MS. */
  async isOn(): Promise<boolean> {
    const now = performance.now();
    if (this.cached && now - this.cached.at < MAINTENANCE_CACHE_MS) return this.cached.on;
    const on = (await this.settings.get(MAINTENANCE_SETTING)) === 'on';
    this.cached = { on, at: performance.now() };
    return on;
  }

  /** Stores the flag (inside the caller's transaction when given one). */
  async write(on: boolean, db?: Kysely<Database>): Promise<void> {
    await this.settings.set(MAINTENANCE_SETTING, on ? 'on' : 'off', db);
  }

  /** This instance knows at once what it just wrote (call after the write is committed). */
  remember(on: boolean): void {
    this.cached = { on, at: performance.now() };
  }
}

export default fp(
  async (app) => {
    const mode = new MaintenanceMode(app.repos.settings);
    app.decorate('maintenance', mode);

    // Registered after the access hook, so a route's own refusal (401/403) comes first. A
    // callback hook: reads, and writes that stay open, pass without a promise.
    const refuse = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
      if (!(await mode.isOn())) return false;
      const user = await app.currentUser(request);
      if (user?.role === 'supergod') return false;
      reply.code(503).header('retry-after', '60').send({ message: MAINTENANCE_MESSAGE });
      return true;
    };
    app.addHook('onRequest', (request, reply, done) => {
      if (
        READ_METHODS.has(request.method) ||
        !isApiPath(callPath(request)) ||
        request.routeOptions.config.readOnly ||
        ALWAYS_OPEN.has(`${request.method} ${request.routeOptions.url}`)
      ) {
        done();
        return;
      }
      refuse(request, reply).then((refused) => refused || done(), done);
    });
  },
  { name: 'maintenance', dependencies: ['services', 'access'] },
);
