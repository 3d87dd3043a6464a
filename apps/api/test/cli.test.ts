// The admin CLI against a real database file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@omega/contracts';
import { describe, expect, it } from 'vitest';
import { build } from '../src/app.js';
import { CliError, runCli } from '../src/cli/run-cli.js';
import { buildHelpFirst, testConfig } from './helpers/app.js';

// These tests start servers as production does, which builds the assistant's help at start: it
// is built once, before them.
buildHelpFirst();

function setup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'omega-cli-'));
  const config = testConfig({ dataDir, databaseUrl: `sqlite:${join(dataDir, 'omega.db')}` });
  const lines: string[] = [];
  const run = (...argv: string[]) => runCli(argv, config, { out: (l) => lines.push(l) });
  return { config, lines, run };
}

describe('admin CLI', () => {
  it('creates a user with a role who can then sign in', async () => {
    const { config, lines, run } = setup();
    await run('user', 'create', 'boss', '--role', 'admin', '--password', 'boss-password');
    expect(lines.at(-1)).toMatch(/^Created admin 'boss' \(id \d+\)\.$/);

    const app = await build({ config, logger: false });
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'boss', password: 'boss-password' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
    await app.close();
  });

  it('resets a password, printing a generated one, and ends the old sessions', async () => {
    const { config, lines, run } = setup();
    await run('user', 'create', 'pat', '--password', 'old-password');
    await run('user', 'reset-password', 'pat');
    expect(lines.at(-2)).toBe("Password of 'pat' reset; 0 session(s) ended.");
    const generated = lines.at(-1)?.replace('Password: ', '') ?? '';
    expect(generated.length).toBeGreaterThanOrEqual(16);

    const app = await build({ config, logger: false });
    const login = (password: string) =>
      app.inject({ method: 'POST', url: '/api/login', payload: { username: 'pat', password } });
    expect((await login('old-password')).statusCode).toBe(401);
    expect((await login(generated)).statusCode).toBe(200);
    await app.close();
  });

  it('resets the two-factor sign-in of a user who lost every factor, on record', async () => {
    const { config, lines, run } = setup();
    await run('user', 'create', 'tia', '--password', 'tia-password');
    await expect(run('user', 'reset-2fa', 'tia')).rejects.toThrow(
      new CliError('tia has no two-factor sign-in to reset.'),
    );
    await expect(run('user', 'reset-2fa', 'nobody')).rejects.toThrow(
      new CliError("No user named 'nobody'"),
    );
    const app = await build({ config, logger: false });
    const tia = await app.repos.users.findByUsername('tia');
    await app.database.db
      .insertInto('user_totp')
      .values({ user_id: tia?.id as number, secret_enc: 'v1:x', enabled: 1, created_at: 1 })
      .execute();
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'tia', password: 'tia-password' },
      });
    expect((await login()).json().twoFactorRequired).toBe(true);
    await app.close();
    await run('user', 'reset-2fa', 'tia');
    expect(lines.at(-1)).toBe("Two-factor sign-in of 'tia' reset: the password alone signs in.");
    const after = await build({ config, logger: false });
    const res = await after.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'tia', password: 'tia-password' },
    });
    expect(res.json().user.username).toBe('tia');
    const entry = await after.database.db
      .selectFrom('activity_logs')
      .selectAll()
      .where('action', '=', 'two_factor_reset')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      user_id: tia?.id,
      details: 'two-factor sign-in of tia reset by an operator (the CLI)',
      request_id: null,
    });
    await after.close();
  });

  it("creates accounts under the sign-in page's rules and messages, on record", async () => {
    const { config, run } = setup();
    await expect(run('user', 'create', 'has space')).rejects.toThrow(messages.usernamePattern);
    await expect(run('user', 'create', 'sam', '--password', 'short')).rejects.toThrow(
      messages.passwordMin,
    );
    await run('user', 'create', 'sam', '--password', 'long-enough');
    await expect(run('user', 'create', 'SAM', '--password', 'long-enough')).rejects.toThrow(
      messages.usernameTaken,
    );

    const app = await build({ config, logger: false });
    await app.ready();
    const [entry] = await app.repos.activity.recent(10);
    expect(entry).toMatchObject({
      action: 'user_created',
      details: 'sam created as user from the CLI',
    });
    await app.close();
  });

  it('prints where the registration keys come from', async () => {
    const { lines, run } = setup();
    await run('keys', 'status');
    expect(lines).toEqual(['admin     configuration', 'supergod  configuration']);
  });

  it('refuses bad commands and arguments with a message', async () => {
    const { run } = setup();
    await expect(run('user', 'create', 'x!')).rejects.toThrow(CliError);
    await expect(run('user', 'create', 'sam', '--role', 'root')).rejects.toThrow(
      "Unknown role 'root'",
    );
    await expect(run('user', 'reset-password', 'ghost')).rejects.toThrow("No user named 'ghost'");
    await expect(run('keys', 'rotate', 'admin')).rejects.toThrow('comes from configuration');
    await expect(run('frobnicate')).rejects.toThrow('Unknown command: frobnicate');
  });
});
