// The workspace's own rules, which no package's tests see:
// - every dependency version is written once, in pnpm-workspace.yaml's catalog (or one of its named
//   catalogs), so two packages cannot drift apart on the same library (ajv, pino and prom-client
//   once did);
// - nothing in bench/ imports from a package's tests (bench reads data, not test code);
// - Biome's feature boundary (biome.json, issue 17): a file in one feature of the web app cannot
//   import from another, at any depth in its folder, while src/lib, src/app and its own feature
//   stay open. Checked by linting probe files with the repository's own biome.json.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Every package.json of the workspace, by its folder (relative to the root). */
function manifests(): Array<{ folder: string; json: Record<string, Record<string, string>> }> {
  const listed = execFileSync('git', ['ls-files', '*package.json', 'package.json'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((f) => f.endsWith('package.json'))
    .map((f) => ({ folder: dirname(f), json: JSON.parse(readFileSync(join(root, f), 'utf8')) }));
}

describe('the workspace', () => {
  it('takes every dependency version from the pnpm catalog, or from the workspace', () => {
    const written: string[] = [];
    for (const { folder, json } of manifests()) {
      // Peer dependencies are ranges a consumer must meet, not versions this workspace installs.
      for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
        for (const [name, version] of Object.entries(json[field] ?? {})) {
          // `catalog:` or a named catalog's `catalog:<name>`, both in pnpm-workspace.yaml.
          if (!/^catalog:([\w-]+)?$/.test(version) && !version.startsWith('workspace:')) {
            written.push(`${folder}/package.json ${field}: ${name}@${version}`);
          }
        }
      }
    }
    expect(written, 'write these as "catalog:" and their version in pnpm-workspace.yaml').toEqual(
      [],
    );
  });

  it('keeps bench/ from importing tests', () => {
    const offending: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === 'node_modules') continue;
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.(ts|mts|js|mjs)$/.test(entry.name)) {
          for (const [, spec] of readFileSync(path, 'utf8').matchAll(/from\s+'([^']+)'/g)) {
            if (
              /(^|\/)(apps|packages)\/[^/]+\/test\//.test(spec ?? '') ||
              /\/test\//.test(spec ?? '')
            ) {
              offending.push(`${relative(root, path)}: ${spec}`);
            }
          }
        }
      }
    };
    walk(join(root, 'bench'));
    expect(offending).toEqual([]);
  });
});

/** Lints `files` (path under apps/web/src/features → source) with the repository's biome.json. */
function lintProbes(files: Record<string, string>): Set<string> {
  const dir = mkdtempSync(join(tmpdir(), 'omega-boundaries-'));
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  // The probes are not in git: the rules are the repository's, the file list is this folder's.
  config.vcs = { enabled: false };
  delete config.$schema;
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
  for (const [path, source] of Object.entries(files)) {
    const file = join(dir, 'apps/web/src/features', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source);
  }
  const biome = join(root, 'node_modules/.bin/biome');
  const run = spawnSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
    cwd: dir,
    encoding: 'utf8',
  });
  rmSync(dir, { recursive: true, force: true });
  const report = JSON.parse(run.stdout) as {
    diagnostics: Array<{ category: string; location: { path: string } }>;
  };
  return new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => relative('apps/web/src/features', d.location.path)),
  );
}

describe("Biome's feature boundary", () => {
  // Probe files at every depth a feature's files sit at (and one deeper), each importing another
  // feature (must be refused) and src/lib, src/app and its own feature (must be allowed).
  const depths = ['admin', 'admin/logs', 'admin/logs/parts', 'admin/logs/parts/more'];
  const up = (n: number) => '../'.repeat(n);
  const probes: Record<string, { source: string; refused: boolean }> = {};
  for (const folder of depths) {
    const n = folder.split('/').length; // how many '..' reach src/features
    probes[`${folder}/other-feature.ts`] = {
      source: `import { x } from '${up(n)}billing/x.js';\nexport const y = x;\n`,
      refused: true,
    };
    probes[`${folder}/other-feature-via-src.ts`] = {
      source: `import { x } from '${up(n + 1)}features/billing/x.js';\nexport const y = x;\n`,
      refused: true,
    };
    probes[`${folder}/lib.ts`] = {
      source: `import { x } from '${up(n + 1)}lib/x.js';\nexport const y = x;\n`,
      refused: false,
    };
    probes[`${folder}/app.ts`] = {
      source: `import { x } from '${up(n + 1)}app/x.js';\nexport const y = x;\n`,
      refused: false,
    };
    probes[`${folder}/own-feature.ts`] = {
      source: `import { x } from '${n > 1 ? up(n - 1) : './'}x.js';\nexport const y = x;\n`,
      refused: false,
    };
  }

  it('refuses an import from another feature at every depth, and allows lib, app and its own', () => {
    const flagged = lintProbes(
      Object.fromEntries(Object.entries(probes).map(([p, v]) => [p, v.source])),
    );
    const wrong = Object.entries(probes)
      .filter(([path, { refused }]) => flagged.has(path) !== refused)
      .map(
        ([path, { refused, source }]) =>
          `${path} should be ${refused ? 'refused' : 'allowed'}: ${source.split('\n')[0]}`,
      );
    expect(wrong).toEqual([]);
  });

  it('has probes for every depth at which the web app has feature files', () => {
    const deepest = (dir: string, depth: number): number =>
      Math.max(
        depth,
        ...readdirSync(dir, { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => deepest(join(dir, e.name), depth + 1)),
      );
    // features/<feature> is depth 1.
    const features = join(root, 'apps/web/src/features');
    const max = Math.max(...readdirSync(features).map((f) => deepest(join(features, f), 1)));
    expect(max).toBeLessThanOrEqual(depths.length);
  });
});
