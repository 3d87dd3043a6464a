// sha256Hex must give what createHash gave: session ids, keypad and access tokens, and recovery
// codes are stored as these digests, and a different one would sign everybody out.
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { sha256Hex } from '../src/lib/digest.js';

it('digests a string as createHash did, UTF-8 included', () => {
  for (const text of ['', 'omega', 'a'.repeat(1000), '+27821234567:0042', 'Zoë ✓ 💸']) {
    expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
  }
});
