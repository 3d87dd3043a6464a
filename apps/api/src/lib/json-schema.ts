// Walking a JSON Schema (a route's TypeBox schema): every subschema, however deep, rewritten by
// one function, and everything else (enum, default, examples...) copied as data. Used where a
// schema needs a variant: the request rules every route follows (validation.ts) and the OpenAPI
// document's extensions (plugins/external/openapi.ts). The route table's schemas are untouched.

/** Keywords whose value is a map of names to schemas. */
const SCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
]);
/** Keywords whose value is one schema, or a list of schemas. */
const SCHEMA_VALUES = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'anyOf',
  'oneOf',
  'allOf',
  'prefixItems',
]);

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of `schema` in which every schema object, its subschemas first, is passed through
 * `rewrite` (which receives a fresh copy it may change and return).
 */
export function mapSchema(
  schema: unknown,
  rewrite: (copy: Record<string, unknown>) => Record<string, unknown>,
): unknown {
  if (Array.isArray(schema)) return schema.map((s) => mapSchema(s, rewrite));
  if (!isObject(schema)) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      copy[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, mapSchema(sub, rewrite)]),
      );
    } else if (SCHEMA_VALUES.has(key)) copy[key] = mapSchema(value, rewrite);
    else copy[key] = value;
  }
  return rewrite(copy);
}
