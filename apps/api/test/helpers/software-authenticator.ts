// A software authenticator for the passkey tests: it answers the server's WebAuthn options as a
// browser and a platform authenticator would, with real P-256 keys (node:crypto), 'none'
// attestation and CBOR from @simplewebauthn/server's helpers, so the server verifies genuine
// ceremonies. Its credentials are discoverable; it can keep a signature counter or none, leave
// the user unverified, sign for another origin, and hand a copy of a credential to another
// authenticator (a clone, whose counter then lags behind).
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  PasskeyAssertion,
  PasskeyAssertionOptions,
  PasskeyRegistrationOptions,
  PasskeyRegistrationResponse,
} from '@omega/contracts';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/** The origin and RP id `app.inject` requests have: Host 'localhost:80', plain http. */
export const INJECT_ORIGIN = 'http://localhost:80';

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

interface Credential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  /** The COSE_Key of the public key. */
  publicKey: Uint8Array;
  counter: number;
}

export interface AuthenticatorOptions {
  /** The page's origin the browser reports. */
  origin?: string;
  /** Whether the authenticator keeps a signature counter (1, 2, 3 …) or answers 0 always. */
  counter?: boolean;
  /** Whether it verifies the user (a PIN or biometric). */
  userVerified?: boolean;
  /** Whether it says its passkeys are backed up (synced). */
  backedUp?: boolean;
  /** How long the credential ids it makes are, in bytes (32; WebAuthn allows up to 1023). */
  credentialIdBytes?: number;
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const json64 = (value: object) => isoBase64URL.fromBuffer(Buffer.from(JSON.stringify(value)));

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];
  origin: string;
  userVerified: boolean;
  private readonly keepsCounter: boolean;
  private readonly backedUp: boolean;
  private readonly credentialIdBytes: number;

  constructor(options: AuthenticatorOptions = {}) {
    this.origin = options.origin ?? INJECT_ORIGIN;
    this.keepsCounter = options.counter ?? true;
    this.userVerified = options.userVerified ?? true;
    this.backedUp = options.backedUp ?? false;
    this.credentialIdBytes = options.credentialIdBytes ?? 32;
  }

  /** Answers registration options: a new discoverable credential, unless one is excluded. */
  register(options: PasskeyRegistrationOptions): PasskeyRegistrationResponse {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    if (this.credentials.some((c) => c.rpId === rpId && excluded.has(c.id))) {
      // What a browser reports when the authenticator holds an excluded credential.
      throw new Error('InvalidStateError: the authenticator holds an excluded credential');
    }
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
        [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
      ]),
    );
    const rawId = randomBytes(this.credentialIdBytes);
    const credential: Credential = {
      id: isoBase64URL.fromBuffer(rawId),
      rpId,
      userHandle: options.user.id,
      privateKey,
      publicKey: cose,
      counter: 0,
    };
    // A discoverable credential for the same user replaces the one the authenticator had.
    const same = this.credentials.findIndex(
      (c) => c.rpId === rpId && c.userHandle === credential.userHandle,
    );
    if (same >= 0) this.credentials.splice(same, 1);
    this.credentials.push(credential);
    const credLength = Buffer.alloc(2);
    credLength.writeUInt16BE(rawId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags() | FLAG_AT]),
      u32(credential.counter),
      Buffer.alloc(16), // AAGUID: none
      credLength,
      rawId,
      cose,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: json64({
          type: 'webauthn.create',
          challenge: options.challenge,
          origin: this.origin,
          crossOrigin: false,
        }),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * Answers sign-in options with one of its credentials for the relying party: the one named by
   * `credentialId`, else the first the options allow (any, when they name none).
   */
  assert(options: PasskeyAssertionOptions, credentialId?: string): PasskeyAssertion {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = new Set((options.allowCredentials ?? []).map((c) => c.id));
    const credential = this.credentials.find(
      (c) =>
        c.rpId === rpId &&
        (credentialId === undefined
          ? allowed.size === 0 || allowed.has(c.id)
          : c.id === credentialId),
    );
    if (!credential) throw new Error('NotAllowedError: no credential for these options');
    if (this.keepsCounter) credential.counter += 1;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags()]),
      u32(credential.counter),
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: this.origin,
        crossOrigin: false,
      }),
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** A second authenticator holding a copy of this one's credential (key and counter). */
  cloneCredential(credentialId: string): SoftwareAuthenticator {
    const credential = this.credentials.find((c) => c.id === credentialId);
    if (!credential) throw new Error(`no credential ${credentialId}`);
    const copy = new SoftwareAuthenticator({
      origin: this.origin,
      counter: this.keepsCounter,
      userVerified: this.userVerified,
      backedUp: this.backedUp,
    });
    copy.credentials.push({ ...credential });
    return copy;
  }

  private flags(): number {
    return FLAG_UP | (this.userVerified ? FLAG_UV : 0) | (this.backedUp ? FLAG_BE | FLAG_BS : 0);
  }
}
