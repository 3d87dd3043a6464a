// @simplewebauthn/server, loaded with the first passkey ceremony instead of with the server.
// Its certificate and CBOR parsers are about 90 modules: importing them took 0.5 s of CPU,
// a fifth of a server's start, on every start of every instance, most of which never see a
// passkey (decision 049). The first ceremony after a start waits for the import once.
import type * as Server from '@simplewebauthn/server';
import type { isoBase64URL } from '@simplewebauthn/server/helpers';

type WebAuthn = typeof Server & { isoBase64URL: typeof isoBase64URL };

let loading: Promise<WebAuthn> | undefined;

/** The library, imported once per process; a failed import is tried again by the next call. */
export function webauthn(): Promise<WebAuthn> {
  loading ??= Promise.all([
    import('@simplewebauthn/server'),
    import('@simplewebauthn/server/helpers'),
  ]).then(
    ([server, helpers]) => ({ ...server, isoBase64URL: helpers.isoBase64URL }),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}
