import { describe, expect, it } from 'vitest';
import { atLeast, isAdmin, isSupergod, normalizeRole } from '../src/roles.js';

describe('roles', () => {
  it('ranks supergod above admin above user', () => {
    expect(atLeast('supergod', 'admin')).toBe(true);
    expect(atLeast('admin', 'admin')).toBe(true);
    expect(atLeast('admin', 'supergod')).toBe(false);
    expect(atLeast('user', 'admin')).toBe(false);
    expect(isAdmin('supergod')).toBe(true);
    expect(isSupergod('admin')).toBe(false);
  });

  it('treats unknown role values as a regular user', () => {
    expect(normalizeRole('root')).toBe('user');
    expect(normalizeRole(undefined)).toBe('user');
    expect(normalizeRole('admin')).toBe('admin');
  });
});
