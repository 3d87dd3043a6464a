// The deploy folder, copied outside the repository, starts with `node server.js` alone and
// serves everything: the web app, the keypad, readiness and an assistant answer (whose
// articles travel in the folder's docs/).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, dataDir, freePort, Instance } from './cluster.js';

describe('the deploy folder', () => {
  const deployDir = inject('deployDir');
  let server: Instance;

  beforeAll(async () => {
    // SQLite in its data folder: nothing but the folder itself is needed.
    server = new Instance('deployed', await freePort(), deployDir, {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      SESSION_SECRET: 'a-deploy-folder-session-secret-long-enough',
      DATA_DIR: dataDir(),
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'warn',
    });
    server.start();
    await server.ready();
  });

  afterAll(async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
  });

  it('holds production dependencies only, with better-sqlite3 built for this machine', () => {
    const modules = readdirSync(join(deployDir, 'node_modules'));
    expect(modules).toContain('better-sqlite3');
    for (const dev of ['vitest', 'tsup', 'typescript', 'tsx', '@types']) {
      expect(modules).not.toContain(dev);
    }
    expect(
      existsSync(join(deployDir, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')),
    ).toBe(true);
  });

  it('serves the web app, the keypad and readiness', async () => {
    const page = await call(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const keypad = await call(`${server.url}/keypad/omega-keypad.js`);
    expect(keypad.status).toBe(200);
    expect((await call(`${server.url}/keypad/`)).status).toBe(200);
    expect(JSON.parse((await call(`${server.url}/api/health/ready`)).body)).toEqual({
      status: 'ok',
      database: 'ok',
    });
  });

  it('answers a signed-in question from the articles it carries', async () => {
    const user = await call(`${server.url}/api/register`, {
      json: { username: 'deployed-user', password: 'a long enough password' },
    });
    expect(user.status, user.body).toBe(200);
    const res = await call(`${server.url}/api/ai/ai-assistant`, {
      cookie: user.cookie,
      json: { query: 'How do I change my plan?' },
    });
    expect(res.status, res.body).toBe(200);
    const answer = JSON.parse(res.body) as { sources: unknown[]; answer: string };
    expect(answer.sources.length).toBeGreaterThan(0);
    expect(server.errors()).toEqual([]);
  });
});
