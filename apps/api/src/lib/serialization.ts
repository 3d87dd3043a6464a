// Answers are serialised from their schemas by fast-json-stringify, through Fastify's own
// compiler, with one difference: a schema is compiled once per process, not once per app. The
// tests build hundreds of apps in a process (and a server restarted in place builds another),
// and compiling every route's answer schemas again was a tenth of an API test's CPU (issue 38).
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';

// Where a schema is a union (a nullable time), the serialiser asks Ajv which branch fits. The
// type decides that: checking the time's date-time format on every answer cost as much as
// building the answer did.
const compile = SerializerSelector()(undefined as never, { ajv: { validateFormats: false } });
const compiled = new Map<string, (data: unknown) => string>();

export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const key = JSON.stringify(route.schema);
  let serialize = compiled.get(key);
  if (serialize === undefined) {
    serialize = compile(route as Parameters<typeof compile>[0]) as (data: unknown) => string;
    compiled.set(key, serialize);
  }
  return serialize;
};
