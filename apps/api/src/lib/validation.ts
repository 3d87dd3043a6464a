// Request validation: one Ajv for bodies (no type coercion, so `"username": 5` is an
// error, not the string "5") and one for query strings and path parameters (coerced,
// since they arrive as text). Violations become one readable sentence naming the field.
// Coercion takes whatever JavaScript reads as a number ('1.0', '1e0', '0x1', ' 1'); an integer
// in a path or query string is taken only written plainly, so `/api/admin/users/1.0/view-as`
// is a 400, not user 1 (issue 32).
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';

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
  return ajv;
}

const bodyAjv = createAjv(false);
const textAjv = createAjv(true);

/** An integer as a person writes one: digits, an optional minus, no leading zero. */
const INTEGER_TEXT = /^-?(0|[1-9][0-9]*)$/;

interface ObjectSchema {
  properties?: Record<string, { type?: unknown }>;
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (httpPart === 'body') return bodyAjv.compile(schema as object);
  const validate = textAjv.compile(schema as object);
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
};

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
