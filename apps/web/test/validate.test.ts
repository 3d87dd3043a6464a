import { describe, expect, it } from 'vitest';
import { validate } from '../src/features/auth/components/validate.js';

describe('auth form validation (spec section 5)', () => {
  it('uses the login and register wording', () => {
    expect(validate('login', { username: 'ab', password: '12345' })).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
    expect(validate('register', { username: 'abc', password: '123456' })).toEqual({});
  });

  it('requires the administrator key', () => {
    expect(validate('admin', { username: 'abc', password: '123456', secretKey: '' })).toEqual({
      secretKey: 'Administrator secret key is required',
    });
  });

  it("uses the supergod form's own wording and the 8-character key minimum", () => {
    expect(validate('supergod', { username: 'ab', password: '1', secretKey: '1234567' })).toEqual({
      username: 'Username must be at least 3 characters long',
      password: 'Password must be at least 6 characters long',
      secretKey: 'Super-God secret key must be at least 8 characters',
    });
  });

  it('ignores surrounding spaces in the username', () => {
    expect(validate('login', { username: '  ab  ', password: '123456' }).username).toBe(
      'Username must be at least 3 characters',
    );
  });
});
