// Writes a Brotli (.br) and a gzip (.gz) copy beside each text file of a build folder, for the
// API's static files to be sent compressed (@fastify/static's preCompressed: the copy the
// browser accepts, else the file itself). Run by the web app's and the keypad's builds:
//   node scripts/precompress.mjs <folder>
// A file under 1 KB, a source map, or a file its copy would not make smaller gets none.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { argv } from 'node:process';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What a browser loads as text: the kinds of file compression pays for. */
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt']);
const MIN_BYTES = 1024;

const compressors = {
  br: (bytes) =>
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gz: (bytes) => gzipSync(bytes, { level: 9 }),
};

function files(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

const folder = argv[2];
if (!folder) {
  process.stderr.write('usage: node scripts/precompress.mjs <folder>\n');
  process.exit(2);
}
let raw = 0;
let br = 0;
let count = 0;
for (const file of files(folder)) {
  if (!TEXT.has(extname(file))) continue;
  const bytes = readFileSync(file);
  for (const [ext, compress] of Object.entries(compressors)) {
    const copy = bytes.length >= MIN_BYTES ? compress(bytes) : null;
    if (!copy || copy.length >= bytes.length) {
      // A copy left from an earlier build must not outlive its file's change.
      rmSync(`${file}.${ext}`, { force: true });
      continue;
    }
    writeFileSync(`${file}.${ext}`, copy);
    if (ext === 'br') {
      raw += bytes.length;
      br += copy.length;
      count++;
    }
  }
}
process.stdout.write(
  `precompress: ${count} files in ${folder}, ${(raw / 1024).toFixed(1)} KB -> ${(br / 1024).toFixed(1)} KB with Brotli\n`,
);
