// How a USSD reply becomes key presses. Through an aggregator every reply is a short text
// ('1', '0821234567', '2.5'); on screens where something is typed it is the entry followed by
// '#', elsewhere it is a choice ('1' on a confirm screen confirms, like '#').
import type { KeypadKey, Screen } from './machine.js';

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
const ALLOWED = /^[0-9#*+.]$/;

export function replyToKeys(screen: Screen, reply: string): KeypadKey[] {
  const keys = [...reply.trim()].filter((ch) => ALLOWED.test(ch)) as KeypadKey[];
  // Each reply is a whole entry: clear what an earlier, refused reply left.
  if (TYPED.has(screen)) return reply.trim() === '+' ? ['+'] : ['*', ...keys, '#'];
  if (CONFIRMING.has(screen) && reply.trim() === '1') return ['#'];
  return keys.slice(0, 1);
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
