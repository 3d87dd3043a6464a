// The admin CLI: create a user with a role, reset a password or two-factor sign-in, and show or
// rotate the registration keys. It opens the same database the server uses (from the same config), and
// changes accounts through the same account service as the sign-in page, under the same rules.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ROLES, type Role } from '@omega/domain';
import { build } from '../app.js';
import type { Config } from '../config/config.js';
import { HttpError } from '../lib/http-error.js';

export const USAGE = `Usage: omega-cli <command>

  user create <username> [--role user|admin|supergod] [--password <password>]
      Create an account. Without --password a strong one is generated and printed.
  user reset-password <username> [--password <password>]
      Set a new password and sign the user out everywhere.
  user reset-2fa <username>
      Turn off the two-factor sign-in of a user who lost every factor.
  keys status
      Where each registration key comes from (configuration, generated, stored).
  keys rotate <admin|supergod>
      Replace a stored registration key with a new one and print it once.
`;

export class CliError extends Error {}

export interface CliIo {
  out(line: string): void;
}

function generatedPassword() {
  return randomBytes(12).toString('base64url');
}

/** The account service's refusals (a taken name, a password too short...) say what to fix. */
async function refusalsAsCliErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500) throw new CliError(err.message);
    throw err;
  }
}

export async function runCli(argv: string[], config: Config, io: CliIo): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean' } },
  });
  const [group, command, arg] = positionals;
  if (values.help || !group) {
    io.out(USAGE);
    return;
  }

  const app = await build({
    config,
    logger: false,
    // No command asks the assistant: its help is not built for one (seconds of CPU).
    helpAtStart: false,
    announceKeys: (keys) => {
      io.out(`Registration keys were generated (also written to ${keys.file}):`);
      for (const kind of ['admin', 'supergod']) if (keys[kind]) io.out(`  ${kind}: ${keys[kind]}`);
    },
  });
  try {
    await app.ready();
    if (group === 'user' && command === 'create' && arg) {
      const role = (values.role ?? 'user') as Role;
      if (!ROLES.includes(role))
        throw new CliError(`Unknown role '${values.role}': use ${ROLES.join(', ')}`);
      const password = values.password ?? generatedPassword();
      const created = await refusalsAsCliErrors(() =>
        app.accounts.createFromCli({ username: arg, password, role }),
      );
      io.out(`Created ${role} '${created.username}' (id ${created.id}).`);
      if (!values.password) io.out(`Password: ${password}`);
      return;
    }

    if (group === 'user' && command === 'reset-password' && arg) {
      const password = values.password ?? generatedPassword();
      const { user, sessionsEnded } = await refusalsAsCliErrors(() =>
        app.accounts.resetPassword(arg, password),
      );
      io.out(`Password of '${user.username}' reset; ${sessionsEnded} session(s) ended.`);
      if (!values.password) io.out(`Password: ${password}`);
      return;
    }

    if (group === 'user' && command === 'reset-2fa' && arg) {
      const user = await refusalsAsCliErrors(() => app.twoFactor.resetFromCli(arg));
      io.out(`Two-factor sign-in of '${user.username}' reset: the password alone signs in.`);
      return;
    }

    if (group === 'keys' && command === 'status') {
      for (const { kind, source } of app.registrationKeys.status()) {
        io.out(`${kind.padEnd(9)} ${source}`);
      }
      return;
    }

    if (group === 'keys' && command === 'rotate' && (arg === 'admin' || arg === 'supergod')) {
      const configured = app.registrationKeys.status().find((s) => s.kind === arg);
      if (configured?.source === 'configuration') {
        throw new CliError(
          `The ${arg} key comes from configuration; change ${arg === 'admin' ? 'OMEGA_ADMIN_KEY' : 'OMEGA_SUPERGOD_KEY'} instead`,
        );
      }
      const key = await app.registrationKeys.rotate(arg);
      io.out(`New ${arg} registration key (shown once): ${key}`);
      return;
    }

    throw new CliError(`Unknown command: ${positionals.join(' ')}\n\n${USAGE}`);
  } finally {
    await app.close();
  }
}
