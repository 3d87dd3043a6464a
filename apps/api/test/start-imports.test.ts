// What the production build loads before it can answer (decision 049). A library only some
// servers use is imported where it is used, so a start does not pay for it: Redis's client
// without REDIS_URL, Stripe's without OMEGA_PAYMENTS_PROVIDER=stripe, the WebAuthn and QR code
// libraries until a passkey ceremony or a two-factor setup, the pg driver on SQLite. Together
// they were a fifth of a start's CPU. This walks the build's static imports from
// dist/server.js (the run's global setup refuses a build older than the sources), so an import
// added at the top of a module the server loads anyway fails here.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** `import … from "x";` and `import "x";`, not `import("x")`. */
const STATIC_IMPORT = /(?:^|\n)import\s+(?:[^;"'()]*?\s+from\s+)?"([^"]+)";/g;

/** The packages the entry loads at start: every static import, followed through the chunks. */
function packagesLoadedAtStart(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier = ''] of readFileSync(`${DIST}${file}`, 'utf8').matchAll(
      STATIC_IMPORT,
    )) {
      if (specifier.startsWith('./')) visit(specifier.slice(2));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return packages;
}

describe('the production server at start', () => {
  const loaded = packagesLoadedAtStart('server.js');

  it('loads what every server uses (the walk finds the imports)', () => {
    expect(loaded).toContain('fastify');
    expect(loaded).toContain('kysely');
    expect(loaded).toContain('better-sqlite3');
  });

  it('leaves Redis, Stripe, WebAuthn, QR codes and the pg driver until a server needs them', () => {
    const deferred = ['ioredis', 'stripe', '@simplewebauthn/server', 'qrcode', 'pg'];
    expect(
      [...loaded].filter((name) => deferred.some((d) => name === d || name.startsWith(`${d}/`))),
    ).toEqual([]);
  });
});
