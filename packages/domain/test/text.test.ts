import { describe, expect, it } from 'vitest';
import { showsNothing, unprintableCharacter } from '../src/text.js';

describe('unprintableCharacter', () => {
  it('accepts ordinary text in any script, emoji included', () => {
    for (const text of [
      'Goodwill credit for the outage',
      'Geste commercial — désolé',
      '補償',
      '👍 ok',
    ]) {
      expect(unprintableCharacter(text), text).toBeNull();
    }
  });

  it('names control characters, NUL first among them', () => {
    expect(unprintableCharacter('a\u0000b')).toBe('U+0000, a control character');
    expect(unprintableCharacter('bell\u0007')).toBe('U+0007, a control character');
    expect(unprintableCharacter('c1\u009b')).toBe('U+009B, a control character');
    expect(unprintableCharacter('line\u2028sep')).toBe('U+2028, a control character');
    expect(unprintableCharacter('lone \ud800')).toBe('U+D800, a control character');
  });

  it('names the bidirectional controls that reorder what follows them', () => {
    expect(unprintableCharacter('refund \u202Eedoc')).toBe('U+202E, a bidirectional control');
    expect(unprintableCharacter('\u2066isolate\u2069')).toBe('U+2066, a bidirectional control');
    expect(unprintableCharacter('mark\u200F')).toBe('U+200F, a bidirectional control');
  });

  it('allows tabs and line breaks only in multi-line text', () => {
    expect(unprintableCharacter('one\ntwo')).toBe('U+000A, a control character');
    expect(unprintableCharacter('one\r\ntwo\tthree', { multiline: true })).toBeNull();
    expect(unprintableCharacter('one\u0000two', { multiline: true })).toBe(
      'U+0000, a control character',
    );
  });
});

describe('showsNothing', () => {
  it('is true of empty text, spaces and characters that are never drawn', () => {
    for (const text of [
      '',
      '   ',
      '\u00a0\u3000',
      '\u200b\u200c\u200d',
      '\u2060\ufeff',
      '\u00ad',
      '\u3164\u115f',
    ]) {
      expect(showsNothing(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('is false as soon as one character shows, in any script', () => {
    for (const text of ['a', '\u200bx', '補', '👍', '\u200b.', 'é']) {
      expect(showsNothing(text), JSON.stringify(text)).toBe(false);
    }
  });
});
