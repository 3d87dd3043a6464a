// Who am I, sign in and out, and registration (user, admin, supergod).

import { Type } from '@sinclair/typebox';
import { LoginTwoFactorBody } from '../account.js';
import { ErrorResponse, OkResponse } from '../common.js';
import { PasskeyAssertionOptions, PasskeySignInBody } from '../passkeys.js';
import {
  Credentials,
  LoginBody,
  RegisterAdminBody,
  RegisterSupergodBody,
  SessionResponse,
  TwoFactorRequiredResponse,
  User,
} from '../session.js';
import { route } from './define.js';

export const sessionRoutes = {
  currentUser: route({
    method: 'GET',
    url: '/api/user',
    access: 'user',
    summary: 'The signed-in user (401 when signed out)',
    tags: ['session'],
    schema: { response: { 200: User, 401: ErrorResponse } },
  }),
  login: route({
    method: 'POST',
    url: '/api/login',
    access: 'public',
    summary: 'Sign in with username and password',
    description:
      'For an account with two-factor on, a right password answers `{ twoFactorRequired: true }` and the session holds only a pending sign-in for 5 minutes: POST /api/login/2fa completes it.',
    tags: ['session'],
    schema: {
      body: LoginBody,
      response: {
        200: Type.Union([SessionResponse, TwoFactorRequiredResponse]),
        401: ErrorResponse,
        429: ErrorResponse,
      },
    },
  }),
  loginTwoFactor: route({
    method: 'POST',
    url: '/api/login/2fa',
    access: 'public',
    summary: "Complete a sign-in with the authenticator app's code, a recovery code or a passkey",
    description:
      'Only after POST /api/login answered `twoFactorRequired`, within 5 minutes (else 400, naming that). A code is accepted once; a recovery code once; wrong ones count toward the sign-in throttle. `passkey` is the answer to the options of POST /api/login/2fa/passkey/options: a passkey of the account signing in.',
    tags: ['session'],
    schema: {
      body: LoginTwoFactorBody,
      response: {
        200: SessionResponse,
        400: ErrorResponse,
        401: ErrorResponse,
        429: ErrorResponse,
      },
    },
  }),
  passkeySecondFactorOptions: route({
    method: 'POST',
    url: '/api/login/2fa/passkey/options',
    access: 'public',
    summary: 'The second step of a sign-in with a passkey: options for navigator.credentials.get',
    description:
      "Only while a sign-in waits for its second factor. Lists the account's passkeys; the challenge is kept in the session for 5 minutes and answered once by POST /api/login/2fa with `passkey`. 400 when no sign-in waits or the account has no passkey.",
    tags: ['session'],
    schema: { response: { 200: PasskeyAssertionOptions, 400: ErrorResponse } },
  }),
  passkeySignInOptions: route({
    method: 'POST',
    url: '/api/login/passkey/options',
    access: 'public',
    summary: 'Sign in with a passkey, step one: options for navigator.credentials.get',
    description:
      'No account is named: `allowCredentials` is empty and the authenticator offers its passkeys for this site. User verification is required (a passkey sign-in is multi-factor). The challenge is kept in the session for 5 minutes and answered once by POST /api/login/passkey.',
    tags: ['session'],
    schema: { response: { 200: PasskeyAssertionOptions } },
  }),
  passkeySignIn: route({
    method: 'POST',
    url: '/api/login/passkey',
    access: 'public',
    summary: "Sign in with a passkey, step two: the authenticator's answer",
    description:
      'Verified against the challenge of this session, the stored public key and its signature counter (one that went backwards is refused and recorded). Begins a session as a password sign-in does; two-factor is not asked again, since the passkey verified the user. Refusals count toward the sign-in throttle.',
    tags: ['session'],
    schema: {
      body: PasskeySignInBody,
      response: {
        200: SessionResponse,
        400: ErrorResponse,
        401: ErrorResponse,
        429: ErrorResponse,
      },
    },
  }),
  logout: route({
    method: 'POST',
    url: '/api/logout',
    access: 'public',
    summary: 'Sign out (ends the session; harmless when already signed out)',
    tags: ['session'],
    schema: { response: { 200: OkResponse } },
  }),
  register: route({
    method: 'POST',
    url: '/api/register',
    access: 'public',
    summary: 'Create a user account and sign in',
    tags: ['session'],
    schema: { body: Credentials, response: { 200: SessionResponse, 409: ErrorResponse } },
  }),
  registerAdmin: route({
    method: 'POST',
    url: '/api/register-admin',
    access: 'public',
    summary: 'Create an administrator account with the administrator registration key',
    tags: ['session'],
    schema: {
      body: RegisterAdminBody,
      response: { 200: SessionResponse, 403: ErrorResponse, 409: ErrorResponse },
    },
  }),
  registerSupergod: route({
    method: 'POST',
    url: '/api/register-supergod',
    access: 'public',
    summary: 'Create a supergod account with the supergod registration key',
    tags: ['session'],
    schema: {
      body: RegisterSupergodBody,
      response: { 200: SessionResponse, 403: ErrorResponse, 409: ErrorResponse },
    },
  }),
} as const;
