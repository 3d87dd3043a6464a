// The served OpenAPI document is what clients in other languages generate from: it must pass a
// standard OpenAPI 3.0 validator, and a mainstream generator must turn it into types a
// TypeScript client can compile against — while the server keeps answering a bad body with the
// product's own message, which the document carries only as an `x-` extension.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { messages } from '@omega/contracts';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedSchema } from '../src/plugins/external/openapi.js';
import { DECLINE_MESSAGES } from '../src/services/payments/provider.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

/** Compiles the files in `dir` strictly and answers the compiler's complaints, if any. */
function typeErrors(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describeEachDatabase('the served OpenAPI document', (database) => {
  let t: TestApp;
  let document: Record<string, unknown>;
  beforeAll(async () => {
    t = await createTestApp(database);
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(() => t.close());

  it('is valid OpenAPI 3.0 for a standard validator', async () => {
    // The validator dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    expect(String(document.openapi)).toMatch(/^3\.0\./);
  });

  it('declares how each call is authorised: an account’s session or its personal access token', () => {
    const components = document.components as { securitySchemes: Record<string, object> };
    expect(components.securitySchemes.accessToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'omega_pat_…',
    });
    expect(components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'omega.sid',
    });
    const paths = document.paths as Record<string, Record<string, { security?: object[] }>>;
    const security = (path: string, method: string) => paths[path]?.[method]?.security;
    // A token opens an account's calls…
    expect(security('/api/user', 'get')).toEqual([{ session: [] }, { accessToken: [] }]);
    expect(security('/api/admin/logs', 'get')).toEqual([{ session: [] }, { accessToken: [] }]);
    // …but not its own security, and never a keypad wallet's calls or public ones.
    expect(security('/api/account/tokens', 'post')).toEqual([{ session: [] }]);
    expect(security('/api/ussd/balance', 'get')).toEqual([{ walletToken: [] }]);
    expect(security('/api/login', 'post')).toEqual([]);
    // Every declared requirement names a declared scheme.
    for (const methods of Object.values(paths)) {
      for (const op of Object.values(methods)) {
        for (const requirement of op.security ?? []) {
          for (const name of Object.keys(requirement)) {
            expect(components.securitySchemes).toHaveProperty(name);
          }
        }
      }
    }
  });

  it('documents each body in the encodings its route takes', async () => {
    const paths = document.paths as Record<
      string,
      Record<string, { requestBody?: { content: object } }>
    >;
    const types = (path: string) => Object.keys(paths[path]?.post?.requestBody?.content ?? {});
    expect(types('/api/ussd/gateway')).toEqual(['application/x-www-form-urlencoded']);
    expect(types('/api/messages')).toEqual([
      'application/x-www-form-urlencoded',
      'application/json',
    ]);
    expect(types('/api/login')).toEqual(['application/json']);
  });

  it('keeps the product wording as an extension, and the server still answers with it', async () => {
    const register = (document.paths as Record<string, Record<string, unknown>>)['/api/register'];
    const schema = JSON.stringify(register);
    expect(schema).not.toContain('"errorMessage"');
    expect(schema).toContain(`"x-errorMessage":{"minLength":"${messages.usernameMin}"`);
    // Serving the document left the schemas validation uses as they were.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'no spaces', password: 'secret1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.usernamePattern });
  });

  it('names only the payment codes the server answers with', () => {
    // A client branches on a 402's `code`: each one a call's description names must be one the
    // server sends (DECLINE_MESSAGES lists them all).
    const named = [...JSON.stringify(document).matchAll(/code '([a-z_]+)'/g)].map((m) => m[1]);
    expect(named).toContain('no_payment_method');
    for (const code of named) expect(Object.keys(DECLINE_MESSAGES)).toContain(code);
  });

  it('generates TypeScript types with openapi-typescript that a client compiles against', async () => {
    const types = astToString(await openapiTS(structuredClone(document) as never));
    expect(types).toContain('"/api/login"');
    const dir = mkdtempSync(join(tmpdir(), 'omega-openapi-'));
    writeFileSync(join(dir, 'omega-api.ts'), types);
    writeFileSync(
      join(dir, 'client.ts'),
      `import type { paths } from './omega-api';
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export const login: Json<paths['/api/login']['post']['requestBody']> = {
  username: 'ada',
  password: 'correct horse',
};
// A sign-in answers the account, or (two-factor on, issue 36) that a second step is needed.
export function roleOf(answer: Json<paths['/api/login']['post']['responses'][200]>): string {
  return 'user' in answer ? answer.user.role : 'second factor needed';
}
// @ts-expect-error: the answer may be the second step's, which carries no account.
export const careless = (answer: Json<paths['/api/login']['post']['responses'][200]>) => answer.user.role;
// @ts-expect-error: a sign-in without a password does not compile.
export const incomplete: Json<paths['/api/login']['post']['requestBody']> = { username: 'ada' };
`,
    );
    expect(typeErrors([join(dir, 'omega-api.ts'), join(dir, 'client.ts')])).toEqual([]);
  });
});

describe('documentedSchema', () => {
  it('renames errorMessage wherever a schema sits, and leaves data and field names alone', () => {
    const schema = {
      type: 'object',
      errorMessage: 'whole',
      properties: {
        errorMessage: { type: 'string', errorMessage: { minLength: 'field' } },
        list: { type: 'array', items: { type: 'integer', errorMessage: 'item' } },
        either: { anyOf: [{ type: 'string', errorMessage: 'one' }, { type: 'null' }] },
      },
      default: { errorMessage: 'data, not a schema' },
    };
    expect(documentedSchema(schema)).toEqual({
      type: 'object',
      'x-errorMessage': 'whole',
      properties: {
        errorMessage: { type: 'string', 'x-errorMessage': { minLength: 'field' } },
        list: { type: 'array', items: { type: 'integer', 'x-errorMessage': 'item' } },
        either: { anyOf: [{ type: 'string', 'x-errorMessage': 'one' }, { type: 'null' }] },
      },
      default: { errorMessage: 'data, not a schema' },
    });
    // The schema validation compiles is not touched.
    expect(schema.errorMessage).toBe('whole');
  });
});
