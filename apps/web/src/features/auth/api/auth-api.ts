// The session calls, with spec section 8's rules for login, logout and register errors.
import type {
  Credentials,
  LoginBody,
  OkResponse,
  RegisterAdminBody,
  RegisterSupergodBody,
  SessionResponse,
} from '@omega/contracts';
import { sendJson } from '../../../lib/api-client.js';

export const login = (body: LoginBody) =>
  sendJson<SessionResponse>('POST', '/api/login', body, 'session-write');

export const register = (body: Credentials) =>
  sendJson<SessionResponse>('POST', '/api/register', body, 'session-write');

export const registerAdmin = (body: RegisterAdminBody) =>
  sendJson<SessionResponse>('POST', '/api/register-admin', body, 'session-write');

export const registerSupergod = (body: RegisterSupergodBody) =>
  sendJson<SessionResponse>('POST', '/api/register-supergod', body, 'session-write');

export const logout = () => sendJson<OkResponse>('POST', '/api/logout', undefined, 'session-write');
