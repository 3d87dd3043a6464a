// Passkeys (issue 37, decision 034): WebAuthn credentials an account registers, then signs in
// with — alone (a discoverable credential with user verification) or as the second step of a
// password sign-in. The ceremonies' options and the browser's answers are the WebAuthn JSON
// forms (`PublicKeyCredentialCreationOptionsJSON`, `RegistrationResponseJSON`, …) that
// @simplewebauthn/browser takes and gives; binary values travel as base64url text.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from './common.js';

export const passkeyMessages = {
  noChallenge:
    'There is no passkey request waiting (or it lasted more than 5 minutes): ask for new options and try again',
  notFound: 'No such passkey on your account',
  notRegistered:
    'This passkey is not registered with Omega: sign in with your password, then add it on Account security',
  notThisAccount: 'This passkey does not belong to the account signing in',
  counterWentBack:
    "This passkey's signature counter went backwards, so it may have been copied: it was refused",
  alreadyRegistered: 'This passkey is registered already',
  clientDataNotJson: 'its client data is not readable JSON',
  tooMany: 'An account keeps at most 20 passkeys: remove one first',
  noneOnAccount:
    'This account has no passkey: give the code from your authenticator app or a recovery code',
  oneFactor: 'Give one second factor: a code, a recovery code or a passkey',
  noneToSignInAgain: 'This account has no passkey: sign in again with your password',
  added: 'Passkey added: you can sign in with it.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed: it no longer signs in to your account.',
} as const;

/** Binary data as base64url text without padding, as WebAuthn's JSON forms carry it. */
const base64url = (field: string, maxLength: number) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: '^[A-Za-z0-9_-]+$',
    errorMessage: `${field} must be base64url text of 1 to ${maxLength} characters`,
  });

// Sizes: a credential id is at most 1023 bytes (WebAuthn §5.8.3), 1364 characters here; a
// post-quantum (ML-DSA) signature is some 2.4 KB; attestation objects with certificate chains
// stay under 16 KB.
export const CREDENTIAL_ID_BYTES_MAX = 1023;
const CREDENTIAL_ID_MAX = 1364;

/**
 * How the browser reached the authenticator ('internal', 'hybrid', 'usb', …); unknown future
 * values are kept, not refused, within bounds the stored list fits in.
 */
const TransportsIn = Type.Array(
  Type.String({ minLength: 1, maxLength: 16, pattern: '^[a-z-]+$' }),
  { maxItems: 8 },
);

const AuthenticatorAttachment = Type.Union([
  Type.Literal('platform'),
  Type.Literal('cross-platform'),
]);

/** Extension outputs the browser reports (credProps and the like): carried, never trusted. */
const ClientExtensionResults = Type.Object({});

/** The browser's answer to a registration (`RegistrationResponseJSON`). */
export const PasskeyRegistrationResponse = Type.Object({
  id: base64url('response.id', CREDENTIAL_ID_MAX),
  rawId: base64url('response.rawId', CREDENTIAL_ID_MAX),
  type: Type.Literal('public-key', { errorMessage: "response.type must be 'public-key'" }),
  response: Type.Object({
    clientDataJSON: base64url('response.response.clientDataJSON', 4096),
    attestationObject: base64url('response.response.attestationObject', 16_384),
    authenticatorData: Type.Optional(base64url('response.response.authenticatorData', 16_384)),
    transports: Type.Optional(TransportsIn),
    publicKeyAlgorithm: Type.Optional(Type.Integer({ minimum: -65_535, maximum: 65_535 })),
    publicKey: Type.Optional(base64url('response.response.publicKey', 4096)),
  }),
  authenticatorAttachment: Type.Optional(AuthenticatorAttachment),
  clientExtensionResults: ClientExtensionResults,
});
export type PasskeyRegistrationResponse = Static<typeof PasskeyRegistrationResponse>;

/** The browser's answer to a sign-in (`AuthenticationResponseJSON`), an "assertion". */
export const PasskeyAssertion = Type.Object({
  id: base64url('id', CREDENTIAL_ID_MAX),
  rawId: base64url('rawId', CREDENTIAL_ID_MAX),
  type: Type.Literal('public-key', { errorMessage: "type must be 'public-key'" }),
  response: Type.Object({
    clientDataJSON: base64url('response.clientDataJSON', 4096),
    authenticatorData: base64url('response.authenticatorData', 4096),
    signature: base64url('response.signature', 8192),
    userHandle: Type.Optional(base64url('response.userHandle', 128)),
  }),
  authenticatorAttachment: Type.Optional(AuthenticatorAttachment),
  clientExtensionResults: ClientExtensionResults,
});
export type PasskeyAssertion = Static<typeof PasskeyAssertion>;

/** A name as typed: the server trims it and wants 1 to 64 characters of plain text. */
const PasskeyNameInput = Type.String({
  maxLength: 256,
  errorMessage: { maxLength: 'name must be at most 64 characters' },
});

export const AddPasskeyBody = Type.Object({
  response: PasskeyRegistrationResponse,
  /** Left out: 'Passkey N'. */
  name: Type.Optional(PasskeyNameInput),
});
export type AddPasskeyBody = Static<typeof AddPasskeyBody>;

export const RenamePasskeyBody = Type.Object({ name: PasskeyNameInput });

export const PasskeyParams = Type.Object({
  id: Type.Integer({
    minimum: 1,
    maximum: 2_147_483_647,
    errorMessage: 'id must be the id of one of your passkeys',
  }),
});

export const PasskeySignInBody = Type.Object({ response: PasskeyAssertion });
export type PasskeySignInBody = Static<typeof PasskeySignInBody>;

/** One of the account's passkeys as its owner sees it: never the key or the credential id. */
export const PasskeySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  createdAt: Timestamp,
  /** The last sign-in with it (alone or as a second factor); null until then. */
  lastUsedAt: Nullable(Timestamp),
  /** The authenticator says the passkey is backed up (synced to other devices). */
  backedUp: Type.Boolean(),
});
export type Passkey = Static<typeof PasskeySchema>;

export const PasskeysResponse = Type.Array(PasskeySchema);
export type PasskeysResponse = Static<typeof PasskeysResponse>;

export const PasskeyResponse = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
  passkey: PasskeySchema,
});
export type PasskeyResponse = Static<typeof PasskeyResponse>;

const UserVerification = Type.Union([
  Type.Literal('required'),
  Type.Literal('preferred'),
  Type.Literal('discouraged'),
]);

/** A passkey offered to or excluded from a ceremony (`PublicKeyCredentialDescriptorJSON`). */
const CredentialDescriptor = Type.Object({
  id: Type.String(),
  /** 'public-key'. */
  type: Type.String(),
  transports: Type.Optional(Type.Array(Type.String())),
});

/** What `navigator.credentials.create` is asked (`PublicKeyCredentialCreationOptionsJSON`). */
export const PasskeyRegistrationOptions = Type.Object({
  challenge: Type.String(),
  rp: Type.Object({ name: Type.String(), id: Type.Optional(Type.String()) }),
  user: Type.Object({ id: Type.String(), name: Type.String(), displayName: Type.String() }),
  pubKeyCredParams: Type.Array(
    Type.Object({ alg: Type.Integer(), type: Type.Literal('public-key') }),
  ),
  timeout: Type.Optional(Type.Integer()),
  /** The account's passkeys: an authenticator that holds one is not registered again. */
  excludeCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
  authenticatorSelection: Type.Optional(
    Type.Object({
      authenticatorAttachment: Type.Optional(AuthenticatorAttachment),
      residentKey: Type.Optional(
        Type.Union([
          Type.Literal('required'),
          Type.Literal('preferred'),
          Type.Literal('discouraged'),
        ]),
      ),
      requireResidentKey: Type.Optional(Type.Boolean()),
      userVerification: Type.Optional(UserVerification),
    }),
  ),
  hints: Type.Optional(
    Type.Array(
      Type.Union([
        Type.Literal('hybrid'),
        Type.Literal('security-key'),
        Type.Literal('client-device'),
      ]),
    ),
  ),
  attestation: Type.Optional(
    Type.Union([
      Type.Literal('none'),
      Type.Literal('indirect'),
      Type.Literal('direct'),
      Type.Literal('enterprise'),
    ]),
  ),
  extensions: Type.Optional(Type.Object({ credProps: Type.Optional(Type.Boolean()) })),
});
export type PasskeyRegistrationOptions = Static<typeof PasskeyRegistrationOptions>;

/** What `navigator.credentials.get` is asked (`PublicKeyCredentialRequestOptionsJSON`). */
export const PasskeyAssertionOptions = Type.Object({
  challenge: Type.String(),
  rpId: Type.Optional(Type.String()),
  timeout: Type.Optional(Type.Integer()),
  /** Empty for a passwordless sign-in (the authenticator offers its passkeys for Omega). */
  allowCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
  userVerification: Type.Optional(UserVerification),
});
export type PasskeyAssertionOptions = Static<typeof PasskeyAssertionOptions>;
