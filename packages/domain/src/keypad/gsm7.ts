// USSD screens must stay within the GSM-7 basic character set: one curly quote or arrow turns
// a real screen into UCS-2 and cuts it from 182 to 80 characters. Screens are also split
// into pages of at most 182 characters.

export const USSD_PAGE_MAX = 182;

const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const BASIC_SET = new Set(BASIC);

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
  for (const ch of text) if (!BASIC_SET.has(ch)) return false;
  return true;
}

/** Replaces common typographic characters with GSM-7 ones; anything else becomes '?'. */
export function toGsm7(text: string): string {
  let out = '';
  for (const ch of text) out += BASIC_SET.has(ch) ? ch : (REPLACEMENTS[ch] ?? '?');
  return out;
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
