// Whether free text is plain, printable text: what people typed, shown to other people (an
// override's reason on the user page, an audit line). Control characters have no business
// there (NUL is refused by PostgreSQL outright), and the bidirectional controls reorder what
// follows them on screen, so that a reason can read differently from what it says (the
// "Trojan Source" trick, CVE-2021-42574).

/** Explicit direction marks, embeddings, overrides and isolates. */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** C0 and C1 controls, lone surrogates, line and paragraph separators. */
const CONTROL = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
/** Line breaks and tabs: fine where a field is multi-line. */
const MULTILINE_ALLOWED = /[\t\n\r]/;

const codePoint = (c: string) =>
  `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The first character that keeps `text` from being plain printable text, described for a
 * message ('U+202E, a bidirectional control'), or null when there is none. Tabs and line breaks
 * are allowed only when `multiline`.
 */
export function unprintableCharacter(
  text: string,
  { multiline = false }: { multiline?: boolean } = {},
): string | null {
  for (const c of text) {
    if (BIDI_CONTROL.test(c)) return `${codePoint(c)}, a bidirectional control`;
    if (CONTROL.test(c) && !(multiline && MULTILINE_ALLOWED.test(c))) {
      return `${codePoint(c)}, a control character`;
    }
  }
  return null;
}

/**
 * Whitespace and what is never drawn (Unicode's default-ignorable code points: zero-width spaces
 * and joiners, the word joiner, the byte-order mark, soft hyphens, Hangul fillers).
 */
const SHOWS_NOTHING = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}]*$/u;

/**
 * Whether `text` shows nothing on screen: empty, spaces, or only invisible characters. A name or
 * title that passes `trim()` but is made of zero-width spaces is as empty to a reader.
 */
export function showsNothing(text: string): boolean {
  return SHOWS_NOTHING.test(text);
}
