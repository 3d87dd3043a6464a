// The specification's API list (product spec section 7) against the route table: every call the
// spec's client makes names a route with the same method and path, and the route takes exactly
// the JSON that client sends. A field made required, or a type or limit the spec's JSON no longer
// fits, fails here before any client breaks (issue 35: a required `reason` broke every caller of
// POST /api/features/admin/override). The server's answers to the same calls are tested in
// apps/api/test/spec-contract.test.ts.
import { describe, expect, it } from 'vitest';
import specCallsFile from '../data/spec-calls.json' with { type: 'json' };
import { type RouteSpec, routes } from '../src/route-table.js';

interface SpecCall {
  route: string;
  method: string;
  url: string;
  caller: string;
  json?: unknown;
  form?: Record<string, string>;
  departure?: string;
  status?: number;
}

const specCalls = (specCallsFile as { calls: SpecCall[] }).calls;

/** Sample values for the placeholders, of the types the spec's client sends. */
const SAMPLES: Record<string, unknown> = {
  $me: 2,
  $userId: 3,
  $featureId: 1,
  $username: 'spec-reader',
  $password: 'secret1',
};

function filled(value: unknown): unknown {
  if (typeof value === 'string' && value in SAMPLES) return SAMPLES[value];
  if (Array.isArray(value)) return value.map(filled);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, filled(v)]));
  }
  return value;
}

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/** Why `value` does not fit `schema` (the keywords the route table uses), or null when it does. */
function misfit(schema: Schema, value: unknown, at: string): string | null {
  if (schema.anyOf) {
    return schema.anyOf.some((s) => misfit(s, value, at) === null)
      ? null
      : `${at} fits none of its types`;
  }
  if (schema.const !== undefined && value !== schema.const) return `${at} must be ${schema.const}`;
  if (schema.enum && !schema.enum.includes(value)) return `${at} is not one of ${schema.enum}`;
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') return `${at} must be a string`;
      if (value.length < (schema.minLength ?? 0)) return `${at} is too short`;
      if (value.length > (schema.maxLength ?? Number.POSITIVE_INFINITY)) return `${at} is too long`;
      if (schema.pattern && !new RegExp(schema.pattern).test(value))
        return `${at} fails its pattern`;
      return null;
    case 'integer':
    case 'number':
      if (typeof value !== 'number') return `${at} must be a number`;
      if (schema.type === 'integer' && !Number.isInteger(value)) return `${at} must be an integer`;
      if (value < (schema.minimum ?? Number.NEGATIVE_INFINITY)) return `${at} is too small`;
      if (value > (schema.maximum ?? Number.POSITIVE_INFINITY)) return `${at} is too large`;
      return null;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${at} must be true or false`;
    case 'array': {
      if (!Array.isArray(value)) return `${at} must be a list`;
      if (value.length < (schema.minItems ?? 0)) return `${at} has too few items`;
      if (value.length > (schema.maxItems ?? Number.POSITIVE_INFINITY)) return `${at} has too many`;
      for (const [i, item] of value.entries()) {
        const found = schema.items ? misfit(schema.items, item, `${at}[${i}]`) : null;
        if (found) return found;
      }
      return null;
    }
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        return `${at} must be an object`;
      }
      const fields = value as Record<string, unknown>;
      for (const key of schema.required ?? []) {
        // A required field with a default is filled in by the server's validation.
        if (key in fields || schema.properties?.[key]?.default !== undefined) continue;
        return `${at}.${key} is required by the route, not sent by the spec`;
      }
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        if (key in fields) {
          const found = misfit(sub, fields[key], `${at}.${key}`);
          if (found) return found;
        }
      }
      return null;
    }
    default:
      return null;
  }
}

/** A query string's values as the server's coercion reads them (integers as numbers). */
function queryOf(url: string, schema: Schema | undefined): Record<string, unknown> {
  const pairs = (url.split('?')[1] ?? '').split('&').filter(Boolean);
  return Object.fromEntries(
    pairs.map((pair) => {
      const [k = '', v = ''] = pair.split('=').map(decodeURIComponent);
      const text = String(filled(v));
      const type = schema?.properties?.[k]?.type;
      return [k, type === 'integer' || type === 'number' ? Number(text) : text];
    }),
  );
}

describe("the specification's calls (section 7)", () => {
  it('lists the 38 calls of the spec, each once', () => {
    const keys = specCalls.map((c) => `${c.method} ${c.url.split('?')[0]}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(38);
  });

  for (const call of specCalls) {
    it(`${call.method} ${call.url} takes the spec's ${call.json || call.form ? 'body' : 'call'}`, () => {
      const route = (routes as Record<string, RouteSpec>)[call.route];
      expect(route, `no route ${call.route} in the table`).toBeDefined();
      if (!route) return;
      expect(`${route.method} ${route.url}`).toBe(`${call.method} ${call.url.split('?')[0]}`);
      if (call.form) expect(route.bodyType ?? 'json').not.toBe('json');
      if (call.departure) {
        // Refused on purpose, for a reason a decision records (and decision 030 lists).
        expect(call.departure).toMatch(/^decision \d{3}: /);
        expect(call.status).toBeGreaterThanOrEqual(400);
        return;
      }
      const { body, querystring } = route.schema as { body?: Schema; querystring?: Schema };
      const sent = call.json ?? call.form;
      if (body) {
        // A route may take no body from a spec call only if it requires nothing.
        expect(misfit(body, filled(sent ?? {}), 'body')).toBeNull();
      }
      if (querystring) {
        expect(misfit(querystring, queryOf(call.url, querystring), 'query')).toBeNull();
      }
    });
  }
});
