// The route table: every API call with its method, path, schemas and access level.
// The server registers its routes from here (a route without an access level cannot be
// registered), the access hook enforces the level, and the access-matrix test walks it.
import type { TSchema } from '@sinclair/typebox';
import { ErrorResponse, OkResponse } from './common.js';
import { HealthResponse, ReadyResponse } from './health.js';
import {
  Credentials,
  LoginBody,
  RegisterAdminBody,
  RegisterSupergodBody,
  SessionResponse,
  User,
} from './session.js';

/** Who may call a route. Each level includes the ones above it in this list's order. */
export type Access = 'public' | 'user' | 'admin' | 'supergod';
export const ACCESS_LEVELS: readonly Access[] = ['public', 'user', 'admin', 'supergod'];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSchema {
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  response: Record<number, TSchema>;
}

export interface RouteSpec {
  method: HttpMethod;
  url: string;
  access: Access;
  summary: string;
  tags: readonly string[];
  schema: RouteSchema;
  /** Body encoding the route accepts; JSON unless stated. */
  bodyType?: 'json' | 'form';
}

const route = <const S extends RouteSpec>(spec: S): S => spec;

export const routes = {
  health: route({
    method: 'GET',
    url: '/api/health',
    access: 'public',
    summary: 'Liveness: the process answers',
    tags: ['health'],
    schema: { response: { 200: HealthResponse } },
  }),
  ready: route({
    method: 'GET',
    url: '/api/health/ready',
    access: 'public',
    summary: 'Readiness: the database answers',
    tags: ['health'],
    schema: { response: { 200: ReadyResponse, 503: ReadyResponse } },
  }),
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

export type RouteName = keyof typeof routes;
export const routeList: readonly RouteSpec[] = Object.values(routes);
