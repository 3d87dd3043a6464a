// Personal access tokens (issue 37): the signed-in user's tokens for scripts and other clients.
// Managed from a browser session only: a token cannot make, list or revoke tokens.
import {
  AccessTokenParams,
  AccessTokensResponse,
  CreateAccessTokenBody,
  CreatedAccessTokenResponse,
} from '../access-tokens.js';
import { ErrorResponse, OkResponse } from '../common.js';
import { route } from './define.js';

export const accessTokenRoutes = {
  createAccessToken: route({
    method: 'POST',
    url: '/api/account/tokens',
    access: 'user',
    tokens: false,
    summary: 'Create a personal access token (the secret is answered this once)',
    description:
      "Send it as `Authorization: Bearer omega_pat_…` to call the API as this account, within its scopes: `read` for reads, `write` for writes and reads, `admin` (administrators only) for the admin and supergod routes. Tokens never open the keypad wallet's routes or the account's own security routes. Only a hash is stored. Asks for a sign-in in the last 10 minutes (403 otherwise; POST /api/account/sign-in-again gives one on this session): a copied session cookie alone must not add a way in.",
    tags: ['account'],
    schema: {
      body: CreateAccessTokenBody,
      response: { 200: CreatedAccessTokenResponse, 400: ErrorResponse, 403: ErrorResponse },
    },
  }),
  accessTokens: route({
    method: 'GET',
    url: '/api/account/tokens',
    access: 'user',
    tokens: false,
    summary: "The signed-in user's personal access tokens, newest first (never their secrets)",
    tags: ['account'],
    schema: { response: { 200: AccessTokensResponse } },
  }),
  revokeAccessToken: route({
    method: 'DELETE',
    url: '/api/account/tokens/:id',
    access: 'user',
    tokens: false,
    summary: 'Revoke one of your personal access tokens (every server refuses it at once)',
    description:
      "An id that names none of the caller's tokens — another account's, or one already revoked — is a 404.",
    tags: ['account'],
    schema: {
      params: AccessTokenParams,
      response: { 200: OkResponse, 404: ErrorResponse },
    },
  }),
} as const;
