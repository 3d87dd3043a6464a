// Serves the built web app (apps/web/dist) when it exists, and the standalone keypad under
// /keypad/; unknown non-API paths get the web app's index.html so client routes survive a reload.
// Files go out compressed when the browser accepts it: the builds write a Brotli and a gzip
// copy beside each text file (scripts/precompress.mjs), sent instead of the file, with
// Vary: Accept-Encoding; a file without copies, or a client that accepts neither, gets the file.
import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { addVary } from '../../lib/vary.js';

declare module 'fastify' {
  interface FastifyInstance {
    webAppAvailable: boolean;
  }
}

export default fp(
  async (app) => {
    const root = app.buildOptions.webDist;
    const available = root !== undefined && existsSync(`${root}/index.html`);
    app.decorate('webAppAvailable', available);
    const keypad = app.buildOptions.keypadDist;
    const withKeypad = keypad !== undefined && existsSync(`${keypad}/omega-keypad.js`);
    if (!available && !withKeypad) return;

    // The answers that carry one of these files (or its copy), marked when the file is chosen;
    // their headers go on the reply, where the security and CORS headers are (a raw header
    // would lose to them).
    const files = new WeakSet<object>();
    const elements = new WeakSet<object>();
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (files.has(reply.raw)) {
        // Which copy was sent depends on Accept-Encoding (@fastify/static does not say so).
        addVary(reply, 'Accept-Encoding');
        // Other sites load the element as a module script: that needs CORS, and helmet's
        // same-origin resource policy would block it. The script is public and carries no
        // credentials, so any origin may load it (its API calls are still limited to
        // OMEGA_WIDGET_ORIGINS).
        if (elements.has(reply.raw)) {
          reply.header('access-control-allow-origin', '*');
          reply.header('cross-origin-resource-policy', 'cross-origin');
        }
      }
      done(null, payload);
    });

    if (withKeypad) {
      // The standalone keypad page and the embeddable custom element.
      await app.register(fastifyStatic, {
        root: keypad,
        prefix: '/keypad/',
        decorateReply: false,
        index: ['index.html'],
        preCompressed: true,
        setHeaders: (res, path) => {
          files.add(res);
          // The element, or its compressed copy.
          if (/\/omega-keypad\.js(\.br|\.gz)?$/.test(path)) elements.add(res);
        },
      });
    }
    if (!available) return;
    const assets = `${sep}assets${sep}`;
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      // The build names each file under assets/ by a hash of its contents, so a browser may
      // keep it for good; the page (and anything else) is checked again on every visit.
      cacheControl: false,
      setHeaders: (res, path) => {
        files.add(res);
        res.setHeader(
          'cache-control',
          path.includes(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  },
  { name: 'web-app', dependencies: ['config'] },
);
