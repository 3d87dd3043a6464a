// Personal access tokens (issue 37): what a user's own scripts and other applications send as
// `Authorization: Bearer omega_pat_…` instead of borrowing a browser's session cookie. The
// secret is answered once, by the call that creates it; lists never carry it
// (docs/decisions/035-personal-access-tokens.md).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from './common.js';

export const TokenScopeSchema = Type.Unsafe<'read' | 'write' | 'admin'>({
  type: 'string',
  enum: ['read', 'write', 'admin'],
  errorMessage: { enum: "each scope must be 'read', 'write' or 'admin'" },
});

export const CreateAccessTokenBody = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: 64,
    errorMessage: {
      minLength: 'name is required: say what the token is for',
      maxLength: 'name must be at most 64 characters',
    },
  }),
  /** `read` opens reads, `write` writes and reads, `admin` the admin routes (admins only). */
  scopes: Type.Array(TokenScopeSchema, {
    minItems: 1,
    maxItems: 3,
    errorMessage: {
      minItems: 'Choose at least one scope: read, write or admin',
      maxItems: 'Each scope may be given once',
    },
  }),
  /** Days until the token stops working: 7, 30, 90 or 365; leave out (or null) for never. */
  expiresInDays: Type.Optional(
    Nullable(
      Type.Unsafe<7 | 30 | 90 | 365>({
        type: 'integer',
        enum: [7, 30, 90, 365],
        errorMessage: { enum: 'expiresInDays must be 7, 30, 90 or 365 (or null for never)' },
      }),
    ),
  ),
});
export type CreateAccessTokenBody = Static<typeof CreateAccessTokenBody>;

export const AccessTokenSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  scopes: Type.Array(TokenScopeSchema),
  /** The token's last four characters, to tell tokens apart: `omega_pat_…` + these. */
  hint: Type.String(),
  createdAt: Timestamp,
  /** Null when it never expires. */
  expiresAt: Nullable(Timestamp),
  /** When it last opened a call, to within a minute; null when never used. */
  lastUsedAt: Nullable(Timestamp),
  /** It has expired: it opens nothing, and stays listed until revoked. */
  expired: Type.Boolean(),
});
export type AccessToken = Static<typeof AccessTokenSchema>;

export const AccessTokensResponse = Type.Array(AccessTokenSchema);
export type AccessTokensResponse = Static<typeof AccessTokensResponse>;

export const CreatedAccessTokenResponse = Type.Object({
  ...AccessTokenSchema.properties,
  /** The secret, shown this once: only its hash is kept. */
  token: Type.String(),
  message: Type.String(),
});
export type CreatedAccessTokenResponse = Static<typeof CreatedAccessTokenResponse>;

export const AccessTokenParams = Type.Object({
  id: Type.Integer({
    minimum: 1,
    maximum: 2_147_483_647,
    errorMessage: 'id must be a token id from the list of tokens',
  }),
});

export const accessTokenMessages = {
  created: "Copy the token now: it is not shown again. Send it as 'Authorization: Bearer <token>'.",
  revoked: 'Token revoked. Calls with it are refused from now on.',
  notFound: 'No such token',
  invalid: 'The access token is invalid, expired or revoked',
  notHere:
    'Personal access tokens do not open this call: sign in to the web app to manage account security',
} as const;
