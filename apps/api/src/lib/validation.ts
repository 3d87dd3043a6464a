// Request validation: one Ajv for bodies (no type coercion, so `"username": 5` is an
// error, not the string "5") and one for query strings and path parameters (coerced,
// since they arrive as text). Violations become one readable sentence naming the field.
// Coercion takes whatever JavaScript reads as a number ('1.0', '1e0', '0x1', ' 1'); an integer
// in a path or query string is taken only written plainly, so `/api/admin/users/1.0/view-as`
// is a 400, not user 1 (issue 32).
//
// Two rules hold for every route without its schema saying so (issue 35), so input neither
// database can take is refused here, before either sees it: text is plain printable text (no NUL,
// which PostgreSQL refuses outright, no other control or bidirectional-control character; tabs
// and line breaks only where the schema marks the field `multiline`), and an integer without
// declared bounds is one a database `integer` column holds.
import { unprintableCharacter } from '@omega/domain';
import Ajv, { type ErrorObject, type SchemaValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { mapSchema } from './json-schema.js';

/** The range of a database `integer` column: the bounds of an integer that declares none. */
export const INTEGER_COLUMN_MIN = -2_147_483_648;
export const INTEGER_COLUMN_MAX = 2_147_483_647;

/** Checks a string is plain printable text; `schema` is 'line' or 'multiline'. */
const printable: SchemaValidateFunction = (schema: unknown, data: unknown) => {
  const found = unprintableCharacter(String(data), { multiline: schema === 'multiline' });
  if (found === null) return true;
  printable.errors = [{ keyword: 'printable', message: found, params: { character: found } }];
  return false;
};

function createAjv(coerceTypes: boolean) {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    allErrors: false,
    // `verbose` puts the failing schema on each error, where `errorMessage` is read.
    verbose: true,
  });
  addFormats(ajv);
  // Our annotation carrying the product's wording for a violated rule.
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: ['string', 'object'] });
  // Our annotation for text that may hold tabs and line breaks (an announcement's content).
  ajv.addKeyword({ keyword: 'multiline', schemaType: 'boolean' });
  ajv.addKeyword({
    keyword: 'printable',
    type: 'string',
    schemaType: 'string',
    errors: true,
    validate: printable,
  });
  return ajv;
}

const bodyAjv = createAjv(false);
const textAjv = createAjv(true);

/** An integer as a person writes one: digits, an optional minus, no leading zero. */
const INTEGER_TEXT = /^-?(0|[1-9][0-9]*)$/;

interface ObjectSchema {
  properties?: Record<string, { type?: unknown }>;
}

/**
 * A copy of a request schema with the two rules every route follows written into it: each
 * string is `printable` (one line unless marked `multiline`), each integer bounded (a
 * database `integer` unless it declares its own bounds). The route table's schema is untouched.
 */
export function withInputRules(schema: unknown): unknown {
  return mapSchema(schema, (copy) => {
    const types = Array.isArray(copy.type) ? copy.type : [copy.type];
    if (types.includes('string') && copy.printable === undefined) {
      copy.printable = copy.multiline === true ? 'multiline' : 'line';
    }
    if (types.includes('integer')) {
      if (copy.minimum === undefined && copy.exclusiveMinimum === undefined) {
        copy.minimum = INTEGER_COLUMN_MIN;
      }
      if (copy.maximum === undefined && copy.exclusiveMaximum === undefined) {
        copy.maximum = INTEGER_COLUMN_MAX;
      }
    }
    return copy;
  });
}

/**
 * Validators already compiled in this process, by the part they read and the schema's JSON:
 * every app built in a process (the tests build hundreds, a restart in place builds another)
 * compiles each route's schema once. Compiling was half of an API test's CPU (ajv, issue 38).
 */
const compiled = new Map<string, ReturnType<FastifySchemaCompiler<unknown>>>();

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const key = `${httpPart === 'body' ? 'body' : 'text'} ${JSON.stringify(schema)}`;
  let validate = compiled.get(key);
  if (validate === undefined) {
    validate = compileValidator(schema, httpPart);
    compiled.set(key, validate);
  }
  return validate;
};

function compileValidator(declared: unknown, httpPart: string | undefined) {
  const schema = withInputRules(declared) as object;
  if (httpPart === 'body') return bodyAjv.compile(schema);
  const validate = textAjv.compile(schema);
  const properties = (schema as ObjectSchema).properties ?? {};
  const integers = Object.keys(properties).filter((k) => properties[k]?.type === 'integer');
  if (integers.length === 0) return validate;
  const strict = (data: unknown): boolean => {
    for (const key of integers) {
      const value = (data as Record<string, unknown> | null)?.[key];
      if (typeof value === 'string' && !INTEGER_TEXT.test(value)) {
        const error: ErrorObject = {
          keyword: 'type',
          instancePath: `/${key}`,
          schemaPath: `#/properties/${key}/type`,
          params: { type: 'integer' },
          message: 'must be integer',
          parentSchema: properties[key] as object,
        };
        strict.errors = [error];
        return false;
      }
    }
    const valid = validate(data) as boolean;
    strict.errors = validate.errors ?? null;
    return valid;
  };
  strict.errors = null as ErrorObject[] | null;
  return strict;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

function fieldName(error: ErrorObject, part: string): string {
  const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (error.keyword === 'required') {
    const missing = String(error.params.missingProperty);
    return path ? `${path}.${missing}` : missing;
  }
  return path || part;
}

export function describeValidationError(error: ErrorObject, part: string): string {
  const custom = (error.parentSchema as { errorMessage?: unknown } | undefined)?.errorMessage;
  if (typeof custom === 'string') return custom;
  if (custom && typeof custom === 'object') {
    const text = (custom as Record<string, unknown>)[error.keyword];
    if (typeof text === 'string') return text;
  }
  const field = fieldName(error, part);
  switch (error.keyword) {
    case 'required':
      return `${field} is required`;
    case 'type': {
      const type = String(error.params.type);
      return `${field} must be ${TYPE_WORDS[type] ?? type}`;
    }
    case 'minLength':
      return `${field} must be at least ${error.params.limit} characters`;
    case 'maxLength':
      return `${field} must be at most ${error.params.limit} characters`;
    case 'minimum':
      return `${field} must be at least ${error.params.limit}`;
    case 'maximum':
      return `${field} must be at most ${error.params.limit}`;
    case 'enum':
    case 'const':
      return `${field} has a value that is not allowed`;
    case 'anyOf':
      return `${field} has a value that is not allowed`;
    case 'printable':
      return `${field} must be plain printable text: it contains ${error.params.character}`;
    default:
      return `${field} ${error.message ?? 'is invalid'}`;
  }
}

/** Fastify's schemaErrorFormatter: the first violation, as a sentence. */
export function schemaErrorFormatter(errors: FastifySchemaValidationError[], dataVar: string) {
  const first = errors[0] as ErrorObject | undefined;
  const message = first ? describeValidationError(first, dataVar) : `Invalid ${dataVar}`;
  return new Error(message);
}
