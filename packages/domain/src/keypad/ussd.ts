// How a USSD reply becomes key presses. Through an aggregator every reply is a short text
// ('1', '0821234567', '2.5'); on screens where something is typed it is the entry followed by
// '#', elsewhere it is a choice ('1' on a confirm screen confirms, like '#').
import { entryLimit, type KeypadKey, type Screen } from './machine.js';

const TYPED: ReadonlySet<Screen> = new Set([
  'phone',
  'otp',
  'pin',
  'buy-amount',
  'transfer-address',
  'transfer-amount',
  'send-phone',
  'send-amount',
]);
const CONFIRMING: ReadonlySet<Screen> = new Set([
  'buy-confirm',
  'transfer-confirm',
  'send-confirm',
  'done',
  'failed',
]);
const TYPABLE = /^[0-9+.]*$/;

/**
 * The keys a reply stands for. A typed reply is a whole entry: it is taken exactly as sent or
 * refused — never cut to the screen's length or stripped of characters the keypad has no key
 * for, since '24680' is not the PIN '2468' and '1300000000000000000' is not the amount '1300000000000000'.
 * A refused reply submits an empty entry, so the screen says what it needs ('Please enter
 * 4-digit PIN', 'Invalid input. Try again.').
 */
export function replyToKeys(screen: Screen, reply: string): KeypadKey[] {
  const text = reply.trim();
  if (TYPED.has(screen)) {
    if (text === '+') return ['+'];
    const fits = TYPABLE.test(text) && text.length <= (entryLimit(screen) ?? 0);
    // '*' first clears what an earlier, refused reply left.
    return fits ? ['*', ...([...text] as KeypadKey[]), '#'] : ['*', '#'];
  }
  if (CONFIRMING.has(screen) && text === '1') return ['#'];
  // A choice is one key; '12' is not '1', so anything longer leaves the screen as it was.
  return /^[0-9+#]$/.test(text) ? [text as KeypadKey] : [];
}

/** The aggregator repeats every earlier reply in `text`, joined by '*'. */
export function splitUssdText(text: string): string[] {
  return text === '' ? [] : text.split('*');
}

/** The text with the replies at the given positions (PINs) masked, for logs. */
export function redactReplies(text: string, positions: ReadonlySet<number>): string {
  return splitUssdText(text)
    .map((reply, i) => (positions.has(i) ? '****' : reply))
    .join('*');
}
