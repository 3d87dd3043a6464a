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
    // 0: the kernel picks a free port as the server binds (server-start.test.ts, decision 048).
    expect(loadConfig({ DATA_DIR: dir, PORT: '0' }).port).toBe(0);
    expect(config.env).toBe('development');
    expect(config.databaseUrl).toBe(`sqlite:${join(dir, 'omega.db')}`);
    expect(config.cookieSecure).toBe(false);
    expect(config.trustProxy).toEqual([]);
    expect(config.assistantRetentionDays).toBe(90);
    expect(loadConfig({ DATA_DIR: dir, OMEGA_ASSISTANT_RETENTION_DAYS: '30' })).toMatchObject({
      assistantRetentionDays: 30,
    });
  });

  it('keeps a generated session secret owner-only in the data folder across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    expect(statSync(join(dir, 'session-secret')).mode & 0o777).toBe(0o600);
  });

  it.each([
    [
      { PORT: 'abc' },
      /^Invalid PORT: expected an integer from 0 to 65535 \(0: any free port\) \(got "abc"\)$/,
    ],
    [{ PORT: '70000' }, /^Invalid PORT/],
    [{ PORT: '-1' }, /^Invalid PORT/],
    [{ NODE_ENV: 'staging' }, /^Invalid NODE_ENV/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid DATABASE_URL/],
    [{ SESSION_SECRET: 'short' }, /^Invalid SESSION_SECRET: expected at least 32 characters/],
    [{ OMEGA_SUPERGOD_KEY: 'short' }, /^Invalid OMEGA_SUPERGOD_KEY/],
    [{ COOKIE_SECURE: 'maybe' }, /^Invalid COOKIE_SECURE/],
    [{ OMEGA_REQUIRE_2FA: 'admin,root' }, /^Invalid OMEGA_REQUIRE_2FA: expected a comma-separated/],
    [{ OMEGA_2FA_KEY: 'short' }, /^Invalid OMEGA_2FA_KEY: expected 32 to 256 characters/],
    [{ NODE_ENV: 'production' }, /^Invalid SESSION_SECRET: required in production/],
    [
      { OMEGA_WEBAUTHN_RP_ID: 'https://omega.example' },
      /^Invalid OMEGA_WEBAUTHN_RP_ID: expected the passkeys' relying party: the site's domain name/,
    ],
    [
      { OMEGA_WEBAUTHN_ORIGIN: 'https://omega.example/app' },
      /^Invalid OMEGA_WEBAUTHN_ORIGIN: expected the origin the web app is served from/,
    ],
    [
      {
        OMEGA_WEBAUTHN_RP_ID: 'omega.example',
        OMEGA_WEBAUTHN_ORIGIN: 'https://evil-omega.example',
      },
      /^Invalid OMEGA_WEBAUTHN_RP_ID: the origin's host evil-omega.example \(OMEGA_WEBAUTHN_ORIGIN\) must be omega.example or a subdomain of it$/,
    ],
    [
      { OMEGA_ASSISTANT_RETENTION_DAYS: '0' },
      /^Invalid OMEGA_ASSISTANT_RETENTION_DAYS: expected an integer from 1 to 3650 \(days the assistant's unanswered questions are kept\)/,
    ],
  ])('stops on %j with a message naming the variable', (env, message) => {
    const load = () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });

  it('requires two-factor of admins and supergods in production unless told otherwise (issue 36)', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32) };
    const roles = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir(), ...env }).requireTwoFactor;
    expect(roles(production)).toEqual(['admin', 'supergod']);
    expect(roles({ ...production, OMEGA_REQUIRE_2FA: '' })).toEqual([]);
    expect(roles({ ...production, OMEGA_REQUIRE_2FA: ' supergod ' })).toEqual(['supergod']);
    expect(roles({})).toEqual([]);
    expect(roles({ NODE_ENV: 'test' })).toEqual([]);
    expect(roles({ OMEGA_REQUIRE_2FA: 'admin,supergod' })).toEqual(['admin', 'supergod']);
  });

  it("reads the passkeys' relying party, or leaves it to each request (issue 37)", () => {
    const webauthn = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir(), ...env }).webauthn;
    expect(webauthn({})).toEqual({ rpId: null, origin: null });
    expect(webauthn({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32) })).toEqual({
      rpId: null,
      origin: null,
    });
    expect(webauthn({ OMEGA_WEBAUTHN_ORIGIN: 'https://Omega.example:8443' })).toEqual({
      rpId: 'omega.example',
      origin: 'https://omega.example:8443',
    });
    expect(
      webauthn({
        OMEGA_WEBAUTHN_RP_ID: 'omega.example',
        OMEGA_WEBAUTHN_ORIGIN: 'https://app.omega.example',
      }),
    ).toEqual({ rpId: 'omega.example', origin: 'https://app.omega.example' });
    expect(webauthn({ OMEGA_WEBAUTHN_RP_ID: 'omega.example' })).toEqual({
      rpId: 'omega.example',
      origin: null,
    });
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

describe('SMS provider configuration (keypad OTPs outside demo mode)', () => {
  const SID = `AC${'a1'.repeat(16)}`;
  const AT = { OMEGA_SMS_AT_USERNAME: 'omega', OMEGA_SMS_AT_API_KEY: 'at-api-key-for-tests' };
  const TWILIO = {
    OMEGA_SMS_TWILIO_ACCOUNT_SID: SID,
    OMEGA_SMS_TWILIO_AUTH_TOKEN: 'twilio-auth-token',
    OMEGA_SMS_TWILIO_FROM: '+14155550100',
  };
  const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir(), ...env });

  it('refuses demo mode off without a provider, naming the variables to set', () => {
    const start = load({ OMEGA_KEYPAD_DEMO: 'false' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(
      /^Invalid OMEGA_SMS_PROVIDER: required when OMEGA_KEYPAD_DEMO=false.*africastalking \(with OMEGA_SMS_AT_USERNAME and OMEGA_SMS_AT_API_KEY\) or twilio \(with OMEGA_SMS_TWILIO_ACCOUNT_SID, OMEGA_SMS_TWILIO_AUTH_TOKEN, OMEGA_SMS_TWILIO_FROM\)/,
    );
  });

  it.each([
    [
      { OMEGA_SMS_PROVIDER: 'africastalking', OMEGA_SMS_AT_USERNAME: 'omega' },
      /^Invalid OMEGA_SMS_AT_API_KEY: OMEGA_SMS_PROVIDER=africastalking needs OMEGA_SMS_AT_USERNAME, OMEGA_SMS_AT_API_KEY \(missing: OMEGA_SMS_AT_API_KEY\)/,
    ],
    [
      { OMEGA_SMS_PROVIDER: 'twilio', OMEGA_SMS_TWILIO_ACCOUNT_SID: SID },
      /^Invalid OMEGA_SMS_TWILIO_AUTH_TOKEN: .*\(missing: OMEGA_SMS_TWILIO_AUTH_TOKEN, OMEGA_SMS_TWILIO_FROM\)/,
    ],
    [
      { OMEGA_SMS_PROVIDER: 'nexmo' },
      /^Invalid OMEGA_SMS_PROVIDER: expected africastalking or twilio/,
    ],
    [
      {
        ...TWILIO,
        OMEGA_SMS_PROVIDER: 'twilio',
        OMEGA_SMS_TWILIO_ACCOUNT_SID: 'twilio-auth-token',
      },
      /^Invalid OMEGA_SMS_TWILIO_ACCOUNT_SID: expected your Twilio Account SID/,
    ],
    [
      { ...AT, OMEGA_SMS_PROVIDER: 'africastalking', OMEGA_SMS_TIMEOUT_MS: '0' },
      /^Invalid OMEGA_SMS_TIMEOUT_MS/,
    ],
  ])('refuses a provider without valid credentials: %j', (env, message) => {
    const start = load({ OMEGA_KEYPAD_DEMO: 'false', ...env });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(message);
  });

  it("reads Africa's Talking, on the sandbox host for the sandbox username", () => {
    const config = load({
      OMEGA_KEYPAD_DEMO: 'false',
      OMEGA_SMS_PROVIDER: 'africastalking',
      ...AT,
    })();
    expect(config.sms).toEqual({
      provider: 'africastalking',
      username: 'omega',
      apiKey: 'at-api-key-for-tests',
      from: undefined,
      baseUrl: 'https://api.africastalking.com',
      timeoutMs: 10_000,
    });
    const sandbox = load({
      OMEGA_KEYPAD_DEMO: 'false',
      OMEGA_SMS_PROVIDER: 'africastalking',
      ...AT,
      OMEGA_SMS_AT_USERNAME: 'sandbox',
      OMEGA_SMS_AT_FROM: 'OMEGAPAY',
    })();
    expect(sandbox.sms).toMatchObject({
      baseUrl: 'https://api.sandbox.africastalking.com',
      from: 'OMEGAPAY',
    });
  });

  it('reads Twilio, with a base URL override and timeout', () => {
    const config = load({
      OMEGA_KEYPAD_DEMO: 'false',
      OMEGA_SMS_PROVIDER: 'twilio',
      ...TWILIO,
      OMEGA_SMS_BASE_URL: 'http://127.0.0.1:4010/',
      OMEGA_SMS_TIMEOUT_MS: '2500',
    })();
    expect(config.sms).toEqual({
      provider: 'twilio',
      accountSid: SID,
      authToken: 'twilio-auth-token',
      from: '+14155550100',
      baseUrl: 'http://127.0.0.1:4010',
      timeoutMs: 2500,
    });
  });

  it('needs no provider in demo mode (the default)', () => {
    expect(load({})().sms).toBeNull();
  });
});
