// A set of strings held as one UTF-8 buffer in sorted order, found by binary search: what the
// question model keeps of its feature and term names instead of Maps of strings (issue 33). A
// Map of 120,000 strings costs about 8 MB and a tenth of a second to rebuild at start; this costs
// the strings' bytes and four bytes each, and loading it is copying two typed arrays.

const encoder = new TextEncoder();

/** Bytewise order of two UTF-8 strings: that of their code points. */
function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** Room for a looked-up string's bytes, grown when one is longer: a lookup allocates nothing. */
let scratch = new Uint8Array(256);

/**
 * `s` as UTF-8, in `scratch` (valid until the next call). A question's words and features are
 * looked up by the hundred; encoding each into a new array was a tenth of a question's time.
 */
function encoded(s: string): Uint8Array {
  // UTF-8 takes at most three bytes per UTF-16 code unit.
  if (scratch.length < s.length * 3) scratch = new Uint8Array(s.length * 3);
  const { written } = encoder.encodeInto(s, scratch);
  return scratch.subarray(0, written);
}

export class StringTable {
  /**
   * @param bytes the strings' UTF-8 bytes, one after the other in bytewise order
   * @param starts where each string starts in `bytes`, and where the last one ends
   */
  constructor(
    readonly bytes: Uint8Array,
    readonly starts: Uint32Array,
  ) {}

  /**
   * The table of `strings`. Strings are compared as UTF-8, so a lone surrogate (which encodes as
   * U+FFFD) matches U+FFFD; of strings that encode alike only one is kept.
   */
  static of(strings: Iterable<string>): StringTable {
    const encoded = [...new Set(strings)].map((s) => encoder.encode(s)).sort(compareBytes);
    const kept = encoded.filter((e, i) => i === 0 || compareBytes(encoded[i - 1] as Uint8Array, e));
    const starts = new Uint32Array(kept.length + 1);
    for (let i = 0; i < kept.length; i++)
      starts[i + 1] = (starts[i] as number) + (kept[i] as Uint8Array).length;
    const bytes = new Uint8Array(starts[kept.length] as number);
    for (let i = 0; i < kept.length; i++) bytes.set(kept[i] as Uint8Array, starts[i]);
    return new StringTable(bytes, starts);
  }

  get size(): number {
    return this.starts.length - 1;
  }

  /** The position of `s` in the table (its id), or -1. */
  indexOf(s: string): number {
    const key = encoded(s);
    let lo = 0;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.compare(mid, key);
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  has(s: string): boolean {
    return this.indexOf(s) >= 0;
  }

  /** The string with id `i`. */
  at(i: number): string {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).toString(
      'utf8',
      this.starts[i],
      this.starts[i + 1],
    );
  }

  /** The order of string `i` against `key` (UTF-8). */
  private compare(i: number, key: Uint8Array): number {
    const start = this.starts[i] as number;
    const length = (this.starts[i + 1] as number) - start;
    const n = Math.min(length, key.length);
    for (let k = 0; k < n; k++) {
      const d = (this.bytes[start + k] as number) - (key[k] as number);
      if (d !== 0) return d;
    }
    return length - key.length;
  }
}
