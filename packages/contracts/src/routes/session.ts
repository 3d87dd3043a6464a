// Who am I, sign in and out, and registration (user, admin, supergod).
import { ErrorResponse, OkResponse } from '../common.js';
import {
  Credentials,
  LoginBody,
  RegisterAdminBody,
  RegisterSupergodBody,
  SessionResponse,
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
    tags: ['session'],
    schema: {
      body: LoginBody,
      response: { 200: SessionResponse, 401: ErrorResponse, 429: ErrorResponse },
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
