// The session cookie signer with a small memory: @fastify/session signs the session id when
// it restores a session and verifies the cookie on every request, two HMACs per read for
// the same few values. Results are deterministic, so caching them changes nothing but cost.
import { Signer } from '@fastify/cookie';

const MAX_ENTRIES = 10_000;

type UnsignResult = ReturnType<Signer['unsign']>;

function remember<V>(map: Map<string, V>, key: string, value: V): V {
  // Oldest first out: Map keeps insertion order.
  if (map.size >= MAX_ENTRIES) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
  return value;
}

export class CachingSigner {
  private readonly signer: Signer;
  private readonly signed = new Map<string, string>();
  private readonly verified = new Map<string, UnsignResult>();

  constructor(secret: string) {
    this.signer = new Signer(secret, 'sha256');
  }

  sign(value: string): string {
    return this.signed.get(value) ?? remember(this.signed, value, this.signer.sign(value));
  }

  unsign(signedValue: string): UnsignResult {
    const known = this.verified.get(signedValue);
    if (known) return known;
    const result = this.signer.unsign(signedValue);
    // Only valid signatures are kept, so forged cookies cannot crowd out real sessions.
    return result.valid ? remember(this.verified, signedValue, result) : result;
  }
}
