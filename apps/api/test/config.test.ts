// Configuration is validated once at start; a bad value names the variable.
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'omega-config-'));

describe('configuration', () => {
  it('defaults to port 3000 and an SQLite file under the data folder', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.env).toBe('development');
    expect(config.databaseUrl).toBe(`sqlite:${join(dir, 'omega.db')}`);
    expect(config.cookieSecure).toBe(false);
    expect(config.trustProxy).toEqual([]);
  });

  it('keeps a generated session secret owner-only in the data folder across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    expect(statSync(join(dir, 'session-secret')).mode & 0o777).toBe(0o600);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid PORT: expected an integer from 1 to 65535 \(got "abc"\)$/],
    [{ PORT: '70000' }, /^Invalid PORT/],
    [{ NODE_ENV: 'staging' }, /^Invalid NODE_ENV/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid DATABASE_URL/],
    [{ SESSION_SECRET: 'short' }, /^Invalid SESSION_SECRET: expected at least 32 characters/],
    [{ OMEGA_SUPERGOD_KEY: 'short' }, /^Invalid OMEGA_SUPERGOD_KEY/],
    [{ COOKIE_SECURE: 'maybe' }, /^Invalid COOKIE_SECURE/],
    [{ NODE_ENV: 'production' }, /^Invalid SESSION_SECRET: required in production/],
  ])('stops on %j with a message naming the variable', (env, message) => {
    const load = () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });

  it('turns Secure cookies on in production and reads PostgreSQL URLs', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(32),
      DATABASE_URL: 'postgres://omega@db:5432/omega',
      TRUST_PROXY: '10.0.0.1, 10.0.0.0/8',
      DATA_DIR: dataDir(),
    });
    expect(config.cookieSecure).toBe(true);
    expect(config.databaseUrl).toBe('postgres://omega@db:5432/omega');
    expect(config.trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });
});
