import { describe, expect, it } from 'vitest';
import {
  ANNOUNCE_CONTENT_MAX,
  ANNOUNCE_TITLE_MAX,
  COMMAND_MAX,
  COMMANDS,
  formatCommand,
  helpText,
  type ParsedCommand,
  parseCommand,
  type SupergodCommand,
} from '../src/commands/index.js';

function command(text: string): SupergodCommand {
  const parsed = parseCommand(text);
  if (!parsed.ok) throw new Error(`expected '${text}' to parse, got: ${parsed.message}`);
  return parsed.command;
}

function refusal(text: string): Extract<ParsedCommand, { ok: false }> {
  const parsed = parseCommand(text);
  if (parsed.ok) throw new Error(`expected '${text}' to be refused, got ${parsed.command.name}`);
  return parsed;
}

const ALL_USAGE = [
  'help',
  'stats',
  'users list [role]',
  'user role <username> <role>',
  'user disable <username>',
  'user enable <username>',
  'sessions revoke <username>',
  '2fa reset <username>',
  'logs clear',
  'maintenance on|off',
  'announce <title> | <content>',
];

describe('the command registry', () => {
  it('lists every command once, with a usage line and a summary', () => {
    expect(COMMANDS.map((c) => c.usage)).toEqual(ALL_USAGE);
    expect(new Set(COMMANDS.map((c) => c.name)).size).toBe(COMMANDS.length);
    const lines = helpText().split('\n');
    expect(lines[0]).toBe('Commands:');
    expect(lines).toHaveLength(1 + 2 * ALL_USAGE.length);
    ALL_USAGE.forEach((usage, i) => {
      expect(lines[1 + 2 * i]).toBe(`  ${usage}`);
      expect(lines[2 + 2 * i]).toBe(`      ${COMMANDS[i]?.summary}`);
    });
    expect(COMMANDS.every((c) => c.summary.length > 10)).toBe(true);
  });
});

describe('parseCommand: commands without arguments', () => {
  it.each(['help', 'stats', 'logs clear'] as const)('reads %s', (name) => {
    expect(command(name)).toEqual({ name });
  });

  it('ignores case and extra spaces in the command words', () => {
    expect(command('  HELP  ')).toEqual({ name: 'help' });
    expect(command('Logs   CLEAR')).toEqual({ name: 'logs clear' });
  });

  it.each([
    ['help me', 'help'],
    ['stats now', 'stats'],
    ['logs clear all', 'logs clear'],
  ])('refuses arguments: %s', (text, usage) => {
    const r = refusal(text);
    expect(r.problem).toMatch(/takes no arguments/);
    expect(r.usage).toEqual([usage]);
    expect(r.message).toContain(`Usage:\n  ${usage}`);
  });
});

describe('parseCommand: users list [role]', () => {
  it('lists everyone without a role', () => {
    expect(command('users list')).toEqual({ name: 'users list', role: null });
  });

  it.each(['user', 'admin', 'supergod', 'ADMIN'])('filters by role %s', (role) => {
    expect(command(`users list ${role}`)).toEqual({
      name: 'users list',
      role: role.toLowerCase(),
    });
  });

  it('refuses an unknown role with the role list', () => {
    const r = refusal('users list root');
    expect(r.problem).toBe("Unknown role 'root': use one of user, admin, supergod.");
    expect(r.usage).toEqual(['users list [role]']);
  });

  it('refuses a second argument', () => {
    expect(refusal('users list admin extra').problem).toMatch(/Unexpected 'extra'/);
  });

  it("refuses 'users' alone with the family's usage", () => {
    const r = refusal('users');
    expect(r.problem).toBe("'users' needs a subcommand.");
    expect(r.usage).toEqual(['users list [role]']);
  });
});

describe('parseCommand: user role <username> <role>', () => {
  it('reads the username as typed and the role ignoring case', () => {
    expect(command('user role Alice ADMIN')).toEqual({
      name: 'user role',
      username: 'Alice',
      role: 'admin',
    });
  });

  it('refuses a missing username', () => {
    const r = refusal('user role');
    expect(r.problem).toBe('A username is required.');
    expect(r.usage).toEqual(['user role <username> <role>']);
  });

  it('refuses a missing role', () => {
    expect(refusal('user role alice').problem).toBe(
      'A role is required: one of user, admin, supergod.',
    );
  });

  it('refuses an unknown role', () => {
    expect(refusal('user role alice god').problem).toBe(
      "Unknown role 'god': use one of user, admin, supergod.",
    );
  });

  it('refuses extra words', () => {
    expect(refusal('user role alice admin now').problem).toBe("Unexpected 'now' after the role.");
  });

  it('refuses an over-long username', () => {
    expect(refusal(`user role ${'a'.repeat(65)} admin`).problem).toMatch(/at most 64/);
  });
});

describe.each(['user disable', 'user enable', 'sessions revoke', '2fa reset'] as const)(
  'parseCommand: %s <username>',
  (name) => {
    it('reads the username', () => {
      expect(command(`${name} bob`)).toEqual({ name, username: 'bob' });
    });

    it('refuses a missing username with its usage', () => {
      const r = refusal(name);
      expect(r.problem).toBe('A username is required.');
      expect(r.usage).toEqual([`${name} <username>`]);
      expect(r.message).toBe(`A username is required.\nUsage:\n  ${name} <username>`);
    });

    it('refuses a second username', () => {
      expect(refusal(`${name} bob carol`).problem).toBe("Unexpected 'carol' after the username.");
    });

    it('refuses an over-long username', () => {
      expect(refusal(`${name} ${'b'.repeat(65)}`).problem).toMatch(/at most 64/);
    });
  },
);

describe('parseCommand: maintenance on|off', () => {
  it('reads on and off, ignoring case', () => {
    expect(command('maintenance on')).toEqual({ name: 'maintenance', on: true });
    expect(command('maintenance OFF')).toEqual({ name: 'maintenance', on: false });
  });

  it('refuses a missing switch', () => {
    const r = refusal('maintenance');
    expect(r.problem).toBe("Say 'on' or 'off'.");
    expect(r.usage).toEqual(['maintenance on|off']);
  });

  it('refuses anything but on or off', () => {
    expect(refusal('maintenance yes').problem).toBe("Say 'on' or 'off', not 'yes'.");
  });

  it('refuses extra words', () => {
    expect(refusal('maintenance on please').problem).toMatch(/Unexpected 'please'/);
  });
});

describe('parseCommand: announce <title> | <content>', () => {
  it('splits title from content at the first bar, keeping the text as typed', () => {
    expect(command('announce Downtime tonight | We   restart at 22:00 | UTC')).toEqual({
      name: 'announce',
      title: 'Downtime tonight',
      content: 'We   restart at 22:00 | UTC',
    });
  });

  it('keeps line breaks in the content', () => {
    expect(command('announce Hi | line one\nline two')).toMatchObject({
      content: 'line one\nline two',
    });
  });

  it('refuses text without a bar', () => {
    const r = refusal('announce Downtime tonight');
    expect(r.problem).toBe("Separate the title from the content with '|'.");
    expect(r.usage).toEqual(['announce <title> | <content>']);
  });

  it('refuses nothing at all', () => {
    expect(refusal('announce').problem).toBe("Separate the title from the content with '|'.");
  });

  it('refuses an empty title or content', () => {
    expect(refusal('announce  | body').problem).toBe('The title is empty.');
    expect(refusal('announce Title |   ').problem).toBe('The content is empty.');
  });

  it('refuses an over-long title or content', () => {
    expect(refusal(`announce ${'t'.repeat(ANNOUNCE_TITLE_MAX + 1)} | body`).problem).toMatch(
      /title has at most/,
    );
    expect(refusal(`announce Title | ${'c'.repeat(ANNOUNCE_CONTENT_MAX + 1)}`).problem).toMatch(
      /content has at most/,
    );
  });
});

describe('parseCommand: what is not a command', () => {
  it('refuses empty input with every usage line', () => {
    for (const text of ['', '   ', '\n\t']) {
      const r = refusal(text);
      expect(r.problem).toBe('Enter a command.');
      expect(r.usage).toEqual(ALL_USAGE);
    }
  });

  it('refuses an unknown command with every usage line, and runs nothing', () => {
    for (const text of ['rm -rf /', 'eval 1+1', '$(reboot)', 'process.exit()']) {
      const r = refusal(text);
      expect(r.problem).toMatch(/^Unknown command '/);
      expect(r.usage).toEqual(ALL_USAGE);
      expect(r.message).toContain('Commands:\n  help\n  stats\n');
    }
  });

  it("refuses an unknown subcommand with its family's usage lines", () => {
    const r = refusal('user delete bob');
    expect(r.problem).toBe("Unknown command 'user delete'.");
    expect(r.usage).toEqual([
      'user role <username> <role>',
      'user disable <username>',
      'user enable <username>',
    ]);
    expect(refusal('logs purge').usage).toEqual(['logs clear']);
  });

  it('refuses over-long input', () => {
    expect(refusal(`announce a | ${'x'.repeat(COMMAND_MAX)}`).problem).toMatch(
      /at most 4000 characters/,
    );
  });
});

describe('formatCommand', () => {
  it('writes every parsed command back as text that parses to the same command', () => {
    const samples = [
      'help',
      'stats',
      'users list',
      'users list admin',
      'user role alice supergod',
      'user disable bob',
      'user enable bob',
      'sessions revoke carol',
      '2fa reset dave',
      'logs clear',
      'maintenance on',
      'maintenance off',
      'announce Title | Body text',
    ];
    for (const text of samples) {
      const parsed = command(text);
      expect(formatCommand(parsed)).toBe(text);
      expect(command(formatCommand(parsed))).toEqual(parsed);
    }
  });
});
