import { describe, expect, it } from 'vitest';
import {
  decodeScopes,
  encodeScopes,
  missingScope,
  scopesNeeded,
  scopesProblem,
} from '../src/access-tokens/index.js';

describe('token scopes against a route', () => {
  it('asks read of a read and write of a write', () => {
    expect(scopesNeeded({ method: 'GET', access: 'user' })).toEqual(['read']);
    expect(scopesNeeded({ method: 'POST', access: 'user' })).toEqual(['write']);
    expect(scopesNeeded({ method: 'DELETE', access: 'user' })).toEqual(['write']);
    expect(scopesNeeded({ method: 'PATCH', access: 'user' })).toEqual(['write']);
  });
  it('counts a POST that changes nothing as a read', () => {
    expect(scopesNeeded({ method: 'POST', access: 'user', readOnly: true })).toEqual(['read']);
  });
  it('asks admin on top for admin and supergod routes', () => {
    expect(scopesNeeded({ method: 'GET', access: 'admin' })).toEqual(['read', 'admin']);
    expect(scopesNeeded({ method: 'POST', access: 'supergod' })).toEqual(['write', 'admin']);
  });
  it('lets write read, but not read write', () => {
    expect(missingScope(['write'], { method: 'GET', access: 'user' })).toBeNull();
    expect(missingScope(['read'], { method: 'POST', access: 'user' })).toBe('write');
    expect(missingScope(['read'], { method: 'GET', access: 'user' })).toBeNull();
  });
  it('names the admin scope when a read token calls an admin route', () => {
    expect(missingScope(['read'], { method: 'GET', access: 'admin' })).toBe('admin');
    expect(missingScope(['read', 'admin'], { method: 'GET', access: 'admin' })).toBeNull();
    expect(missingScope(['read', 'admin'], { method: 'POST', access: 'admin' })).toBe('write');
  });
});

describe('scopes a token may be given', () => {
  it('takes known scopes once each', () => {
    expect(scopesProblem(['read'], 'user')).toBeNull();
    expect(scopesProblem(['read', 'write'], 'user')).toBeNull();
    expect(scopesProblem([], 'user')).toMatch(/at least one scope/);
    expect(scopesProblem(['read', 'delete'], 'user')).toBe(
      "Unknown scope 'delete': use read, write or admin",
    );
    expect(scopesProblem(['read', 'read'], 'user')).toMatch(/once/);
  });
  it('gives admin only to administrators, and never alone', () => {
    expect(scopesProblem(['read', 'admin'], 'user')).toBe(
      'The admin scope is only for administrators',
    );
    expect(scopesProblem(['read', 'admin'], 'admin')).toBeNull();
    expect(scopesProblem(['write', 'admin'], 'supergod')).toBeNull();
    expect(scopesProblem(['admin'], 'admin')).toMatch(/needs read or write/);
  });
  it('stores scopes in one fixed order and reads them back', () => {
    expect(encodeScopes(['admin', 'read'])).toBe('read admin');
    expect(decodeScopes('read admin')).toEqual(['read', 'admin']);
    expect(decodeScopes('')).toEqual([]);
  });
});
