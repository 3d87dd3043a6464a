// The session cookie signer with a small memory. @fastify/session verifies the cookie on every
// request and signs the session's id again when it restores the session: two HMACs per read
// for the same few values. Results are deterministic, so remembering them changes nothing but
// cost. Only what a valid cookie proved is remembered: the fresh random id that
// @fastify/session makes (and signs) for every request without a cookie is signed and
// forgotten, so neither forged cookies nor anonymous traffic crowd out real sessions.
import { Signer } from '@fastify/cookie';

const MAX_ENTRIES = 10_000;

type UnsignResult = ReturnType<Signer['unsign']>;

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  // Oldest first out: Map keeps insertion order.
  if (map.size >= MAX_ENTRIES) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
}

export class CachingSigner {
  private readonly signer: Signer;
  /** Signed cookie value → its verified result. */
  private readonly verified = new Map<string, UnsignResult>();
  /** Session id → the signed cookie value that proved it. */
  private readonly signedIds = new Map<string, string>();

  constructor(secret: string) {
    this.signer = new Signer(secret, 'sha256');
  }

  sign(value: string): string {
    return this.signedIds.get(value) ?? this.signer.sign(value);
  }

  unsign(signedValue: string): UnsignResult {
    const known = this.verified.get(signedValue);
    if (known) return known;
    const result = this.signer.unsign(signedValue);
    if (result.valid && result.value !== null) {
      remember(this.verified, signedValue, result);
      remember(this.signedIds, result.value, signedValue);
    }
    return result;
  }
}
