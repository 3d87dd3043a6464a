// USSD screens must stay within the GSM-7 basic character set: one curly quote or arrow turns
// a real screen into UCS-2 and cuts it from 182 to 80 characters. Screens are also split
// into pages of at most 182 characters.

export const USSD_PAGE_MAX = 182;

/**
 * A character outside the GSM-7 basic set. The set's 127 characters are line feed, carriage
 * return, ASCII from space to 'Z', '_', 'a' to 'z', and the Latin and Greek letters and signs
 * listed here; as ranges in a pattern they are a fraction of the set's bytes in a bundle.
 */
const NOT_BASIC = /[^\n\r -Z_a-z¡£-¥§¿Ä-ÇÉÑÖØÜßàä-æèéìñòöøùüΓΔΘΛΞΠΣΦΨΩ]/gu;

const REPLACEMENTS: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '→': '>',
  '←': '<',
  '•': '-',
  '·': '-',
  '\u00a0': ' ',
};

export function isGsm7(text: string): boolean {
  // search() starts at 0 whatever the global pattern's lastIndex.
  return text.search(NOT_BASIC) < 0;
}

/** Replaces common typographic characters with GSM-7 ones; anything else becomes '?'. */
export function toGsm7(text: string): string {
  return text.replace(NOT_BASIC, (ch) => REPLACEMENTS[ch] ?? '?');
}

export const MORE_HINT = '98 More';

/** Splits a screen into pages of at most `max` characters, each but the last ending in a hint. */
export function paginate(text: string, max = USSD_PAGE_MAX): string[] {
  if (text.length <= max) return [text];
  const pages: string[] = [];
  const lines = text.split('\n');
  let page = '';
  const room = max - MORE_HINT.length - 1;
  for (const line of lines) {
    const candidate = page ? `${page}\n${line}` : line;
    if (candidate.length <= room) {
      page = candidate;
      continue;
    }
    if (page) pages.push(`${page}\n${MORE_HINT}`);
    page = line.slice(0, room);
  }
  pages.push(page);
  return pages;
}
