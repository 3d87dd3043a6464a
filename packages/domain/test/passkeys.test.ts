import { describe, expect, it } from 'vitest';
import {
  counterAccepted,
  defaultPasskeyName,
  PASSKEY_NAME_MAX,
  passkeyName,
} from '../src/passkeys.js';

describe('passkeyName', () => {
  it('keeps a trimmed name of 1 to 64 characters, counted as people count them', () => {
    expect(passkeyName('  Work laptop ')).toEqual({ name: 'Work laptop' });
    expect(passkeyName('😀'.repeat(PASSKEY_NAME_MAX))).toEqual({ name: '😀'.repeat(64) });
  });

  it('names what is wrong otherwise', () => {
    expect(passkeyName('   ')).toEqual({ problem: 'name must not be empty' });
    expect(passkeyName('x'.repeat(65))).toEqual({
      problem: 'name must be at most 64 characters (got 65)',
    });
    expect(passkeyName('phone\u202e')).toEqual({
      problem: 'name must be plain text: it holds U+202E, a bidirectional control',
    });
  });
});

describe('defaultPasskeyName', () => {
  it('numbers passkeys from the count on, skipping numbers already taken', () => {
    expect(defaultPasskeyName([])).toBe('Passkey 1');
    expect(defaultPasskeyName(['Laptop'])).toBe('Passkey 2');
    expect(defaultPasskeyName(['Passkey 2', 'passkey 3'])).toBe('Passkey 4');
  });
});

describe('counterAccepted (WebAuthn §7.2 step 21)', () => {
  it('accepts authenticators that keep no counter', () => {
    expect(counterAccepted(0, 0)).toBe(true);
  });

  it('needs a counter that moved forward once either is non-zero', () => {
    expect(counterAccepted(0, 1)).toBe(true);
    expect(counterAccepted(5, 6)).toBe(true);
    expect(counterAccepted(5, 5)).toBe(false);
    expect(counterAccepted(5, 4)).toBe(false);
    expect(counterAccepted(5, 0)).toBe(false);
  });
});
