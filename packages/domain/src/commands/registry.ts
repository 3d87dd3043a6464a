// The supergod console's commands: a fixed, typed registry. Each command has its name, a usage
// line and its own argument parser; parseCommand turns typed text into one of these commands or
// into an error that carries the usage. Nothing here runs anything: no shell, no eval.
import { ROLES, type Role } from '../roles.js';

export type SupergodCommand =
  | { name: 'help' }
  | { name: 'stats' }
  | { name: 'users list'; role: Role | null }
  | { name: 'user role'; username: string; role: Role }
  | { name: 'user disable'; username: string }
  | { name: 'user enable'; username: string }
  | { name: 'sessions revoke'; username: string }
  | { name: '2fa reset'; username: string }
  | { name: 'logs clear' }
  | { name: 'maintenance'; on: boolean }
  | { name: 'announce'; title: string; content: string };

export type CommandName = SupergodCommand['name'];
type CommandOf<N extends CommandName> = Extract<SupergodCommand, { name: N }>;

/** What follows the command's own words: split into words, and as typed (for free text). */
export interface CommandArguments {
  words: readonly string[];
  rest: string;
}

type ArgumentResult<N extends CommandName> =
  | { ok: true; command: CommandOf<N> }
  | { ok: false; problem: string };

export interface CommandSpec<N extends CommandName> {
  name: N;
  usage: string;
  summary: string;
  parse(args: CommandArguments): ArgumentResult<N>;
}

export type ParsedCommand =
  | { ok: true; command: SupergodCommand }
  | {
      ok: false;
      /** What is wrong, in one sentence. */
      problem: string;
      /** The usage lines that apply: the command's own, or every command's. */
      usage: readonly string[];
      /** The problem and the usage, ready to show. */
      message: string;
    };

/** Longest accepted command text (announcements carry free text). */
export const COMMAND_MAX = 4000;
export const ANNOUNCE_TITLE_MAX = 200;
export const ANNOUNCE_CONTENT_MAX = 3000;
const USERNAME_ARG_MAX = 64;

const ok = <N extends CommandName>(command: CommandOf<N>): ArgumentResult<N> => ({
  ok: true,
  command,
});
const fail = <N extends CommandName>(problem: string): ArgumentResult<N> => ({
  ok: false,
  problem,
});

function noArguments<N extends 'help' | 'stats' | 'logs clear'>(name: N) {
  return (args: CommandArguments): ArgumentResult<N> =>
    args.words.length === 0
      ? ok({ name } as CommandOf<N>)
      : fail(`'${name}' takes no arguments, but got '${args.rest}'.`);
}

function parseRole(word: string): Role | null {
  const lower = word.toLowerCase();
  return (ROLES as readonly string[]).includes(lower) ? (lower as Role) : null;
}

const ROLE_LIST = ROLES.join(', ');

function usernameProblem(word: string | undefined): string | null {
  if (word === undefined) return 'A username is required.';
  if (word.length > USERNAME_ARG_MAX) {
    return `A username has at most ${USERNAME_ARG_MAX} characters.`;
  }
  return null;
}

/** A command that takes exactly one username. */
function oneUsername<N extends 'user disable' | 'user enable' | 'sessions revoke' | '2fa reset'>(
  name: N,
) {
  return (args: CommandArguments): ArgumentResult<N> => {
    const [username, ...extra] = args.words;
    const problem = usernameProblem(username);
    if (problem) return fail(problem);
    if (extra.length > 0) return fail(`Unexpected '${extra.join(' ')}' after the username.`);
    return ok({ name, username } as CommandOf<N>);
  };
}

const spec = <N extends CommandName>(s: CommandSpec<N>): CommandSpec<N> => s;

/** Every command, in the order help lists them. */
export const COMMANDS = [
  spec({
    name: 'help',
    usage: 'help',
    summary: 'List every command with its usage',
    parse: noArguments('help'),
  }),
  spec({
    name: 'stats',
    usage: 'stats',
    summary: 'Count accounts by role, activity and system log entries; show maintenance mode',
    parse: noArguments('stats'),
  }),
  spec({
    name: 'users list',
    usage: 'users list [role]',
    summary: `List users, optionally only one role (${ROLE_LIST})`,
    parse(args) {
      const [word, ...extra] = args.words;
      if (extra.length > 0) return fail(`Unexpected '${extra.join(' ')}' after the role.`);
      if (word === undefined) return ok({ name: 'users list', role: null });
      const role = parseRole(word);
      if (!role) return fail(`Unknown role '${word}': use one of ${ROLE_LIST}.`);
      return ok({ name: 'users list', role });
    },
  }),
  spec({
    name: 'user role',
    usage: 'user role <username> <role>',
    summary: `Change a user's role (${ROLE_LIST})`,
    parse(args) {
      const [username, word, ...extra] = args.words;
      const problem = usernameProblem(username);
      if (problem || username === undefined) return fail(problem ?? 'A username is required.');
      if (word === undefined) return fail(`A role is required: one of ${ROLE_LIST}.`);
      const role = parseRole(word);
      if (!role) return fail(`Unknown role '${word}': use one of ${ROLE_LIST}.`);
      if (extra.length > 0) return fail(`Unexpected '${extra.join(' ')}' after the role.`);
      return ok({ name: 'user role', username, role });
    },
  }),
  spec({
    name: 'user disable',
    usage: 'user disable <username>',
    summary: 'Disable an account and sign it out everywhere',
    parse: oneUsername('user disable'),
  }),
  spec({
    name: 'user enable',
    usage: 'user enable <username>',
    summary: 'Enable a disabled account again',
    parse: oneUsername('user enable'),
  }),
  spec({
    name: 'sessions revoke',
    usage: 'sessions revoke <username>',
    summary: 'Sign a user out everywhere',
    parse: oneUsername('sessions revoke'),
  }),
  spec({
    name: '2fa reset',
    usage: '2fa reset <username>',
    summary: 'Turn off the two-factor sign-in of a user who lost every factor',
    parse: oneUsername('2fa reset'),
  }),
  spec({
    name: 'logs clear',
    usage: 'logs clear',
    summary: 'Delete every system log entry',
    parse: noArguments('logs clear'),
  }),
  spec({
    name: 'maintenance',
    usage: 'maintenance on|off',
    summary: 'Pause or resume changes by everyone but supergods',
    parse(args) {
      const [word, ...extra] = args.words;
      if (word === undefined) return fail("Say 'on' or 'off'.");
      const lower = word.toLowerCase();
      if (lower !== 'on' && lower !== 'off') return fail(`Say 'on' or 'off', not '${word}'.`);
      if (extra.length > 0) return fail(`Unexpected '${extra.join(' ')}' after '${word}'.`);
      return ok({ name: 'maintenance', on: lower === 'on' });
    },
  }),
  spec({
    name: 'announce',
    usage: 'announce <title> | <content>',
    summary: 'Publish an announcement to every user',
    parse(args) {
      const bar = args.rest.indexOf('|');
      if (bar < 0) return fail("Separate the title from the content with '|'.");
      const title = args.rest.slice(0, bar).trim();
      const content = args.rest.slice(bar + 1).trim();
      if (!title) return fail('The title is empty.');
      if (!content) return fail('The content is empty.');
      if (title.length > ANNOUNCE_TITLE_MAX) {
        return fail(`The title has at most ${ANNOUNCE_TITLE_MAX} characters.`);
      }
      if (content.length > ANNOUNCE_CONTENT_MAX) {
        return fail(`The content has at most ${ANNOUNCE_CONTENT_MAX} characters.`);
      }
      return ok({ name: 'announce', title, content });
    },
  }),
] as const;

/** What `help` prints: each command's usage, with what it does on the line below. */
export function helpText(): string {
  return ['Commands:', ...COMMANDS.flatMap((c) => [`  ${c.usage}`, `      ${c.summary}`])].join(
    '\n',
  );
}

const ALL_USAGE = COMMANDS.map((c) => c.usage);

function failure(problem: string, usage: readonly string[]): ParsedCommand {
  const heading = usage.length === 1 ? 'Usage:' : 'Commands:';
  return {
    ok: false,
    problem,
    usage,
    message: `${problem}\n${heading}\n${usage.map((u) => `  ${u}`).join('\n')}`,
  };
}

/** Splits off the first word of text: the word and what follows it (leading space removed). */
function nextWord(text: string): [string, string] | null {
  const match = /^(\S+)\s*/.exec(text);
  return match?.[1] === undefined ? null : [match[1], text.slice(match[0].length)];
}

function words(text: string): string[] {
  return text.split(/\s+/).filter((w) => w.length > 0);
}

/** Reads one typed command. Command words are matched ignoring case; arguments are kept. */
export function parseCommand(text: string): ParsedCommand {
  const input = text.trim();
  if (!input) return failure('Enter a command.', ALL_USAGE);
  if (input.length > COMMAND_MAX) {
    return failure(`A command has at most ${COMMAND_MAX} characters.`, ALL_USAGE);
  }
  const first = nextWord(input);
  if (!first) return failure('Enter a command.', ALL_USAGE);
  const [head, afterHead] = first;
  const headKey = head.toLowerCase();
  const family = COMMANDS.filter((c) => c.name.split(' ')[0] === headKey);
  if (family.length === 0) return failure(`Unknown command '${head}'.`, ALL_USAGE);

  let chosen: (typeof COMMANDS)[number] | undefined = family.find((c) => c.name === headKey);
  let rest = afterHead;
  if (!chosen) {
    // Two-word commands: the second word picks the command within its family.
    const second = nextWord(afterHead);
    const secondKey = second?.[0].toLowerCase();
    chosen = family.find((c) => c.name === `${headKey} ${secondKey}`);
    if (!chosen || !second) {
      const problem = second
        ? `Unknown command '${head} ${second[0]}'.`
        : `'${head}' needs a subcommand.`;
      return failure(
        problem,
        family.map((c) => c.usage),
      );
    }
    rest = second[1];
  }
  const parsed = (chosen.parse as (args: CommandArguments) => ArgumentResult<CommandName>)({
    words: words(rest),
    rest: rest.trim(),
  });
  if (!parsed.ok) return failure(parsed.problem, [chosen.usage]);
  return { ok: true, command: parsed.command };
}

/** The command written back as canonical text (lower-case words, single spaces). */
export function formatCommand(command: SupergodCommand): string {
  switch (command.name) {
    case 'help':
    case 'stats':
    case 'logs clear':
      return command.name;
    case 'users list':
      return command.role ? `users list ${command.role}` : 'users list';
    case 'user role':
      return `user role ${command.username} ${command.role}`;
    case 'user disable':
    case 'user enable':
    case 'sessions revoke':
    case '2fa reset':
      return `${command.name} ${command.username}`;
    case 'maintenance':
      return `maintenance ${command.on ? 'on' : 'off'}`;
    case 'announce':
      return `announce ${command.title} | ${command.content}`;
  }
}
