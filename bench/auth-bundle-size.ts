// Budget: the bytes of JavaScript a browser receives for /auth on a first visit, as the server
// sends them (its Brotli copies, scripts/precompress.mjs), with each file's gzip -9 size beside
// it (target: at most 100 KB received; over it the run fails). Measured in Debian's Chromium
// against the production build.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { checkBudget, kb } from './lib/budget.js';

const TARGET_KB = 100;
const apiDist = fileURLToPath(new URL('../apps/api/dist/app.js', import.meta.url));
const webDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function main() {
  if (!existsSync(apiDist) || !existsSync(join(webDist, 'index.html'))) {
    throw new Error('The API and web app are not built: run `pnpm build` first');
  }
  const { build, loadConfig } = (await import(apiDist)) as typeof import('@omega/api');
  const dataDir = mkdtempSync(join(tmpdir(), 'omega-bundle-'));
  const app = await build({
    config: loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      OMEGA_ADMIN_KEY: 'bundle-admin-key',
      OMEGA_SUPERGOD_KEY: 'bundle-supergod-key',
    }),
    webDist,
    logger: false,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const scripts: Array<{
      url: string;
      raw: number;
      gzip: number;
      sent: number;
      encoding: string;
    }> = [];
    const pending: Array<Promise<void>> = [];
    page.on('response', (res) => {
      const type = res.headers()['content-type'] ?? '';
      if (!type.includes('javascript')) return;
      pending.push(
        Promise.all([res.body(), res.request().sizes()]).then(([body, sizes]) => {
          scripts.push({
            url: new URL(res.url()).pathname,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            // The body as it came over the connection, before the browser decoded it.
            sent: sizes.responseBodySize,
            encoding: res.headers()['content-encoding'] ?? 'none',
          });
        }),
      );
    });
    await page.goto(`${base}/auth`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await Promise.all(pending);

    scripts.sort((a, b) => b.sent - a.sent);
    for (const s of scripts) {
      console.log(
        `${kb(s.sent).padStart(7)} KB sent (${s.encoding})  ${kb(s.gzip).padStart(7)} KB gzip  ${kb(s.raw).padStart(7)} KB  ${s.url}`,
      );
    }
    const sum = (f: (s: (typeof scripts)[number]) => number) =>
      scripts.reduce((total, s) => total + f(s), 0);
    console.log(`\n${kb(sum((s) => s.gzip))} KB gzip -9, ${kb(sum((s) => s.raw))} KB decoded`);
    checkBudget(
      `JavaScript for /auth on first load, ${scripts.length} files`,
      sum((s) => s.sent),
      TARGET_KB,
      'as sent',
    );
  } finally {
    await browser.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
