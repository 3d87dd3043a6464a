// The web app's and the keypad's files go out compressed to a browser that accepts it: the builds
// write a Brotli and a gzip copy beside each text file (scripts/precompress.mjs, run here on
// folders shaped like the builds), and the server sends the copy Accept-Encoding asks for, or the
// file itself.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { sqlite } from './helpers/databases.js';

const precompress = fileURLToPath(new URL('../../../scripts/precompress.mjs', import.meta.url));
const run = (folder: string) => execFileSync(process.execPath, [precompress, folder]);

/** JavaScript of `lines` lines, compressible as a bundle is. */
const code = (name: string, lines: number) =>
  Array.from({ length: lines }, (_, i) => `export const ${name}${i} = () => "${name} ${i}";`).join(
    '\n',
  );

describe('static files', () => {
  let web: string;
  let keypad: string;
  let t: TestApp | undefined;
  const files = {
    page: code('page', 200),
    small: 'export const small = 1;',
    element: code('element', 100),
  };

  beforeAll(() => {
    web = mkdtempSync(join(tmpdir(), 'omega-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Omega</title><div id="root">');
    writeFileSync(join(web, 'assets', 'page-abc123.js'), files.page);
    writeFileSync(join(web, 'assets', 'page-abc123.js.map'), `{"mappings":"${'A'.repeat(4000)}"}`);
    writeFileSync(join(web, 'assets', 'small-abc123.js'), files.small);
    keypad = mkdtempSync(join(tmpdir(), 'omega-keypad-'));
    writeFileSync(join(keypad, 'index.html'), '<!doctype html><title>Keypad</title>');
    writeFileSync(join(keypad, 'omega-keypad.js'), files.element);
    run(web);
    run(keypad);
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const open = async () => {
    t = await createTestApp(sqlite, {}, undefined, { webDist: web, keypadDist: keypad });
    return t.app;
  };

  it('writes a Brotli and a gzip copy of each text file worth it, and none of a small file or a map', () => {
    for (const ext of ['br', 'gz']) {
      expect(existsSync(join(web, `assets/page-abc123.js.${ext}`))).toBe(true);
      expect(existsSync(join(keypad, `omega-keypad.js.${ext}`))).toBe(true);
      expect(existsSync(join(web, `assets/small-abc123.js.${ext}`))).toBe(false);
      expect(existsSync(join(web, `assets/page-abc123.js.map.${ext}`))).toBe(false);
      expect(existsSync(join(web, `index.html.${ext}`))).toBe(false);
    }
    expect(readFileSync(join(web, 'assets/page-abc123.js.br')).length).toBeLessThan(
      files.page.length / 5,
    );
  });

  it('sends the Brotli copy to a browser that takes it, gzip to one that takes only gzip, and the file to others', async () => {
    const app = await open();
    const url = '/assets/page-abc123.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(files.page);
    expect(br.rawPayload.length).toBeLessThan(files.page.length / 5);

    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(files.page);

    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const plain = await app.inject({ url, headers });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(files.page);
    }
  });

  it('sends a file without copies as it is, and client routes the page', async () => {
    const app = await open();
    const headers = { 'accept-encoding': 'br, gzip' };
    const small = await app.inject({ url: '/assets/small-abc123.js', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe(files.small);
    for (const url of ['/', '/subscription/plans', '/keypad/']) {
      const page = await app.inject({ url, headers });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toMatch(/^<!doctype html>/);
    }
  });

  it('answers API paths written another way with a JSON 404, not the page', async () => {
    const app = await open();
    for (const url of ['/API/USER', '//api//user', '/Api', '/api']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json().message, url).toMatch(/^No such call: GET /);
    }
  });

  it("lets a browser keep the build's hashed files, and ask again for the page", async () => {
    const app = await open();
    // A hashed file's name changes with its contents: it never needs asking for again.
    for (const headers of [{ 'accept-encoding': 'br' }, {}]) {
      const asset = await app.inject({ url: '/assets/page-abc123.js', headers });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // The page names the current files: a browser checks it on every visit.
    for (const url of ['/', '/index.html', '/subscription/plans']) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends the keypad element compressed, still loadable by other sites', async () => {
    const app = await open();
    const element = await app.inject({
      url: '/keypad/omega-keypad.js',
      headers: { 'accept-encoding': 'br', origin: 'https://shop.example' },
    });
    expect(element.statusCode).toBe(200);
    expect(element.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(element.rawPayload).toString()).toBe(files.element);
    expect(element.headers['access-control-allow-origin']).toBe('*');
    expect(element.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('leaves no copy of an earlier build beside a file that no longer gets one', () => {
    const folder = mkdtempSync(join(tmpdir(), 'omega-rebuilt-'));
    const file = join(folder, 'app.js');
    writeFileSync(file, files.page);
    run(folder);
    expect(existsSync(`${file}.br`)).toBe(true);
    writeFileSync(file, files.small);
    run(folder);
    expect(existsSync(`${file}.br`)).toBe(false);
    expect(existsSync(`${file}.gz`)).toBe(false);
  });
});
