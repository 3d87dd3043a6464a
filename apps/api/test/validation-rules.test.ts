// The two rules the validation layer adds to every request schema (issue 35): text is plain
// printable text, tabs and line breaks only where a field is `multiline`; an integer without
// bounds of its own is one a database `integer` column holds. A route declared tomorrow, with
// no word about either, gets both: shown here on a route no table has.
import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  INTEGER_COLUMN_MAX,
  schemaErrorFormatter,
  validatorCompiler,
  withInputRules,
} from '../src/lib/validation.js';

const Body = Type.Object({
  name: Type.String(),
  notes: Type.Optional(Type.String({ multiline: true })),
  count: Type.Optional(Type.Integer()),
  tags: Type.Optional(Type.Array(Type.String())),
});

async function appWithNewRoute() {
  const app = Fastify({ schemaErrorFormatter });
  app.setValidatorCompiler(validatorCompiler);
  app.post(
    '/new',
    { schema: { body: Body, querystring: Type.Object({ q: Type.Optional(Type.String()) }) } },
    async () => ({ ok: true }),
  );
  await app.ready();
  return app;
}

describe('the validation layer', () => {
  it('refuses control characters in any string of a new route, naming the field', async () => {
    const app = await appWithNewRoute();
    const post = (payload: object, url = '/new') => app.inject({ method: 'POST', url, payload });
    const cases: Array<[object, string, string?]> = [
      [
        { name: 'a\u0000b' },
        'name must be plain printable text: it contains U+0000, a control character',
      ],
      [
        { name: 'ok', tags: ['fine', '\u001b[2J'] },
        'tags.1 must be plain printable text: it contains U+001B, a control character',
      ],
      [
        { name: 'ok', notes: 'fine\u0007' },
        'notes must be plain printable text: it contains U+0007, a control character',
      ],
      [
        { name: 'two\nlines' },
        'name must be plain printable text: it contains U+000A, a control character',
      ],
      [
        { name: 'ok' },
        'q must be plain printable text: it contains U+0000, a control character',
        '/new?q=%00',
      ],
    ];
    for (const [payload, message, url] of cases) {
      const res = await post(payload, url);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const multiline = await post({ name: 'Título 👍', notes: 'line one\n\tline two\r\n' });
    expect(multiline.statusCode, multiline.body).toBe(200);
    await app.close();
  });

  it('bounds an integer that declares no bounds to a database integer', async () => {
    const app = await appWithNewRoute();
    const post = (count: number) =>
      app.inject({ method: 'POST', url: '/new', payload: { name: 'ok', count } });
    expect((await post(INTEGER_COLUMN_MAX)).statusCode).toBe(200);
    const over = await post(INTEGER_COLUMN_MAX + 1);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(`count must be at most ${INTEGER_COLUMN_MAX}`);
    expect((await post(-INTEGER_COLUMN_MAX - 2)).statusCode).toBe(400);
    await app.close();
  });

  it('leaves the declared schema as it was', () => {
    const before = JSON.stringify(Body);
    const ruled = withInputRules(Body) as { properties: Record<string, Record<string, unknown>> };
    expect(JSON.stringify(Body)).toBe(before);
    expect(ruled.properties.name?.printable).toBe('line');
    expect(ruled.properties.notes?.printable).toBe('multiline');
    expect(ruled.properties.count?.maximum).toBe(INTEGER_COLUMN_MAX);
  });
});
