// Hostile requests made from a route's own TypeBox schemas, for the schema fuzz test: a valid
// request first, then each field in turn replaced by what a careless or malicious client sends
// (NUL and other control characters, numbers that overflow to Infinity, very long text, wrong
// types), then seeded random mixtures. Deterministic: the same seed gives the same requests.
import type { RouteSpec } from '@omega/contracts';

/** A JSON number written as text, so a body can carry `1e400` (which JSON.parse reads as Infinity). */
export class RawNumber {
  constructor(readonly text: string) {}
}

type Value = unknown;

interface Node {
  type?: string | string[];
  properties?: Record<string, Node>;
  required?: string[];
  items?: Node;
  anyOf?: Node[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

/** A request to send: body as raw JSON text (or a form), query string and path already encoded. */
export interface FuzzCase {
  label: string;
  url: string;
  body?: string;
  contentType?: string;
}

/** A small seeded generator (mulberry32): the fuzz is the same on every run. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}
export type Random = ReturnType<typeof seeded>;

/** Plausible valid text for the patterns the route table uses. */
const PATTERN_EXAMPLES: Record<string, string> = {
  '^[a-z0-9-]+$': 'pro',
  '^[A-Za-z0-9._-]+$': 'fuzz.user',
  '^\\+?\\d+$': '+254700000001',
  '^\\d{4}$': '1234',
  '^\\d{1,15}(\\.\\d{1,8})?$': '1.5',
  '^[A-Za-z0-9_-]+$': 'fuzz-key-0001',
  '^[0-9a-f]{16}$': '0123456789abcdef',
};

/** Values given by the field's name where the type alone would give a useless one. */
export interface Hints {
  /** Ids of accounts that exist, so id fields reach past the 404. */
  userIds: readonly number[];
  future: string;
}

function kind(node: Node): string {
  if (node.anyOf) return 'anyOf';
  if (node.enum) return 'enum';
  if (node.const !== undefined) return 'const';
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  return type ?? 'any';
}

export function validValue(node: Node, name: string, hints: Hints): Value {
  switch (kind(node)) {
    case 'anyOf':
      return validValue(
        node.anyOf?.find((n) => n.type !== 'null') ?? (node.anyOf?.[0] as Node),
        name,
        hints,
      );
    case 'enum':
      return node.enum?.[0];
    case 'const':
      return node.const;
    case 'string': {
      if (node.format === 'date-time') return hints.future;
      if (node.pattern && PATTERN_EXAMPLES[node.pattern]) return PATTERN_EXAMPLES[node.pattern];
      const min = Math.max(node.minLength ?? 0, 3);
      return 'fuzz'.repeat(Math.ceil(min / 4)).slice(0, Math.min(node.maxLength ?? min, min));
    }
    case 'integer':
    case 'number': {
      if (/^(user)?ids?$/i.test(name) || name === 'userId') return hints.userIds[1] ?? 1;
      if (node.default !== undefined) return node.default;
      return Math.max(node.minimum ?? 1, Math.min(node.maximum ?? 1, 1));
    }
    case 'boolean':
      return true;
    case 'array': {
      const item = node.items ?? {};
      const count = Math.max(node.minItems ?? 0, 1);
      return Array.from({ length: count }, () => validValue(item, name, hints));
    }
    case 'object':
      return Object.fromEntries(
        Object.entries(node.properties ?? {}).map(([key, child]) => [
          key,
          validValue(child, key, hints),
        ]),
      );
    default:
      return 'fuzz';
  }
}

/** Text no database should be handed: NUL, other controls, broken Unicode, sizes past limits. */
export const HOSTILE_TEXT: readonly string[] = [
  '\u0000',
  'fu\u0000zz',
  'fuzz\u0000',
  '\u0007bell',
  '\u001b[31mred',
  '\u007f',
  '\u0085next-line',
  '\u202emirrored',
  '\u2028separator',
  '\ud800',
  'tab\there',
  'two\nlines',
  'carriage\rreturn',
  '',
  '   ',
  "'; drop table users; --",
  '%00',
  '\\u0000',
  'Ω😀',
];

const OVERFLOWING: readonly Value[] = [
  new RawNumber('1e400'),
  new RawNumber('-1e400'),
  new RawNumber('1e-400'),
  new RawNumber('123456789012345678901234567890'),
  1e308,
  -1e308,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -1,
  0,
  0.5,
  -(2 ** 31) - 1,
];

const WRONG_TYPES: readonly Value[] = [null, true, 7, 'seven', [], {}];

/** The hostile replacements for a value of this schema. */
export function hostileValues(node: Node): Value[] {
  const type = kind(node);
  const long = 'x'.repeat(Math.min((node.maxLength ?? 10_000) + 1, 100_001));
  switch (type) {
    case 'string':
    case 'enum':
    case 'anyOf':
    case 'const':
      return [...HOSTILE_TEXT, long, ...OVERFLOWING.slice(0, 2), ...WRONG_TYPES];
    case 'integer':
    case 'number':
      return [...OVERFLOWING, '1', '\u0000', ...WRONG_TYPES];
    case 'boolean':
      return ['true', 1, '\u0000', ...WRONG_TYPES];
    case 'array': {
      const item = node.items ?? {};
      const tooMany = Array.from({ length: (node.maxItems ?? 1000) + 1 }, (_, i) => i + 1);
      return [
        [],
        tooMany,
        ...hostileValues(item)
          .slice(0, 12)
          .map((v) => [v]),
        ...WRONG_TYPES,
      ];
    }
    case 'object':
      return [...WRONG_TYPES];
    default:
      return [...HOSTILE_TEXT.slice(0, 4), ...OVERFLOWING.slice(0, 2), ...WRONG_TYPES];
  }
}

/** JSON text of a value that may hold RawNumbers. */
export function toJson(value: Value): string {
  if (value instanceof RawNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value as Record<string, Value>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Query-string and path text, already percent-encoded as a client would send it. */
export const HOSTILE_URL_TEXT: readonly string[] = [
  '%00',
  'a%00b',
  '%07',
  '%1B%5B31m',
  '%7F',
  '%C2%85',
  '%E2%80%AE',
  '%ED%A0%80',
  '%FF',
  '%ZZ',
  '1e400',
  '-1e400',
  '99999999999999999999999',
  '9007199254740993',
  '9007199254740991',
  '2147483648',
  '2147483647',
  '-1',
  '0',
  '1.5',
  '0x10',
  '',
  'x'.repeat(10_000),
  'true',
  'null',
  '%22%3Cscript%3E',
];

function textOf(value: Value): string {
  if (value instanceof RawNumber) return value.text;
  return typeof value === 'string' ? value : toJson(value);
}

/** Percent-encodes every UTF-8 byte (a lone surrogate becomes U+FFFD, as a browser sends it). */
function formEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');
}

function queryString(values: Record<string, string>): string {
  const pairs = Object.entries(values).map(([k, v]) => `${k}=${v}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** Every leaf and container of an object schema with its dotted path, for one-at-a-time swaps. */
function paths(node: Node, prefix: string[] = []): Array<{ path: string[]; node: Node }> {
  const out: Array<{ path: string[]; node: Node }> = [];
  if (prefix.length > 0) out.push({ path: prefix, node });
  if (kind(node) === 'object') {
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      out.push(...paths(child, [...prefix, key]));
    }
  }
  return out;
}

function setAt(target: Value, path: string[], value: Value): Value {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const copy = { ...(target as Record<string, Value>) };
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}

function withoutKey(target: Value, key: string): Value {
  const copy = { ...(target as Record<string, Value>) };
  delete copy[key];
  return copy;
}

/**
 * The requests for one route: the valid one, every field swapped for each hostile value in
 * turn (body, query and path alike), required fields left out, bodies that are not objects,
 * and `randomCount` seeded mixtures of valid and hostile fields.
 */
export function fuzzCases(
  route: RouteSpec,
  hints: Hints,
  random: Random,
  randomCount: number,
  /** Send bodies form-encoded (a `form` route always is; a `form-or-json` one either way). */
  asForm = route.bodyType === 'form',
): FuzzCase[] {
  const body = route.schema.body as Node | undefined;
  const query = route.schema.querystring as Node | undefined;
  const params = route.schema.params as Node | undefined;
  const form = asForm;
  const sendsBody = route.method !== 'GET';

  const validQuery: Record<string, string> = Object.fromEntries(
    Object.entries(query?.properties ?? {}).map(([k, n]) => [
      k,
      encodeURIComponent(textOf(validValue(n, k, hints))),
    ]),
  );
  const validParams: Record<string, string> = Object.fromEntries(
    Object.entries(params?.properties ?? {}).map(([k, n]) => [
      k,
      encodeURIComponent(textOf(validValue(n, k, hints))),
    ]),
  );
  const validBody = body ? validValue(body, '', hints) : undefined;

  const urlOf = (p: Record<string, string>, q: Record<string, string>) =>
    route.url.replace(/:(\w+)/g, (_, name: string) => p[name] || 'x') + queryString(q);
  const encode = (value: Value): Pick<FuzzCase, 'body' | 'contentType'> => {
    if (!sendsBody) return {};
    if (form && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const fields = Object.entries(value as Record<string, Value>).map(
        ([k, v]) => `${formEncode(k)}=${formEncode(textOf(v))}`,
      );
      return { body: fields.join('&'), contentType: 'application/x-www-form-urlencoded' };
    }
    return { body: value === undefined ? '{}' : toJson(value), contentType: 'application/json' };
  };

  const cases: FuzzCase[] = [];
  const push = (label: string, p: Record<string, string>, q: Record<string, string>, b: Value) =>
    cases.push({ label, url: urlOf(p, q), ...encode(b) });

  push('valid', validParams, validQuery, validBody);

  for (const key of Object.keys(params?.properties ?? {})) {
    for (const text of HOSTILE_URL_TEXT) {
      if (text === '') continue; // an empty segment is another path
      push(
        `params.${key}=${text.slice(0, 40)}`,
        { ...validParams, [key]: text },
        validQuery,
        validBody,
      );
    }
  }
  for (const key of Object.keys(query?.properties ?? {})) {
    for (const text of HOSTILE_URL_TEXT) {
      push(
        `query.${key}=${text.slice(0, 40)}`,
        validParams,
        { ...validQuery, [key]: text },
        validBody,
      );
    }
    push(`query.${key} twice`, validParams, validQuery, validBody);
    const last = cases.at(-1);
    if (last) last.url += `&${key}=${validQuery[key]}`;
  }
  // A query string the route does not declare is dropped, never read.
  push('undeclared query', validParams, { ...validQuery, zz: '%00' }, validBody);

  if (sendsBody) {
    if (body) {
      for (const { path, node } of paths(body)) {
        for (const value of hostileValues(node)) {
          push(
            `body.${path.join('.')}=${toJson(value).slice(0, 40)}`,
            validParams,
            validQuery,
            setAt(validBody, path, value),
          );
        }
      }
      for (const key of body.required ?? []) {
        push(`body without ${key}`, validParams, validQuery, withoutKey(validBody, key));
      }
    }
    for (const raw of [
      '[]',
      '"\\u0000"',
      'null',
      '1e400',
      '{"zz":"\\u0000"}',
      '{"__proto__":{"x":1}}',
    ]) {
      cases.push({
        label: `raw body ${raw}`,
        url: urlOf(validParams, validQuery),
        body: raw,
        contentType: 'application/json',
      });
    }
  }

  for (let i = 0; i < randomCount; i++) {
    const p = { ...validParams };
    for (const key of Object.keys(p))
      if (random.next() < 0.5) p[key] = random.pick(HOSTILE_URL_TEXT) || '1';
    const q = { ...validQuery };
    for (const key of Object.keys(q))
      if (random.next() < 0.5) q[key] = random.pick(HOSTILE_URL_TEXT);
    let b = validBody;
    if (body) {
      for (const { path, node } of paths(body)) {
        if (random.next() < 0.3) b = setAt(b, path, random.pick(hostileValues(node)));
      }
    }
    push(`random ${i}`, p, q, b);
  }
  return cases;
}
