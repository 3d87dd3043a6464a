// Schemas shared by many calls.
import { type Static, type TSchema, Type } from '@sinclair/typebox';

export const ErrorResponse = Type.Object({
  message: Type.String({ description: 'What went wrong, readable by a person' }),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

export const OkResponse = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
});
export type OkResponse = Static<typeof OkResponse>;

export const Role = Type.Union([
  Type.Literal('user'),
  Type.Literal('admin'),
  Type.Literal('supergod'),
]);

/** ISO-8601 timestamps on the wire; the database keeps integers. */
export const Timestamp = Type.String({ format: 'date-time' });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
