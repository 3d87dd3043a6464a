// The session calls, with spec section 8's rules for login, logout and register errors.
import type { RouteBody } from '@omega/contracts/client';
import { sessionApi } from '../../../lib/api.js';

export const login = (body: RouteBody<'login'>) => sessionApi.call('login', { body });

export const register = (body: RouteBody<'register'>) => sessionApi.call('register', { body });

export const registerAdmin = (body: RouteBody<'registerAdmin'>) =>
  sessionApi.call('registerAdmin', { body });

export const registerSupergod = (body: RouteBody<'registerSupergod'>) =>
  sessionApi.call('registerSupergod', { body });

export const logout = () => sessionApi.call('logout');

export const loginTwoFactor = (body: RouteBody<'loginTwoFactor'>) =>
  sessionApi.call('loginTwoFactor', { body });
