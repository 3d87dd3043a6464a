// SHA-256 of a string, as hex, in one call. `crypto.hash` (Node 20.12) digests without making a
// Hash object and its stream machinery: about half the CPU of createHash().update().digest() on
// the short strings we hash per request (a keypad token, a session id, a transaction's request).
import { hash } from 'node:crypto';

export const sha256Hex = (text: string): string => hash('sha256', text, 'hex');
