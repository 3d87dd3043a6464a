// Builds better-sqlite3's native driver when it is missing, and otherwise only checks that it
// loads. After an ordinary `pnpm install` it is there. .ci/run installs without the dependencies'
// build scripts, so that compiling SQLite (80 s on one core, the other idle) is not a phase of its
// own: the suites that open SQLite depend on this task (turbo.json), and turbo runs the builds,
// type checks and suites that do not need it on the other core meanwhile (decision 051).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const api = fileURLToPath(new URL('../apps/api/', import.meta.url));

/** Whether the API's better-sqlite3 opens a database, asked of a fresh process each time. */
function loads() {
  try {
    execFileSync(
      process.execPath,
      ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"],
      { cwd: api, stdio: 'pipe' },
    );
    return true;
  } catch {
    return false;
  }
}

if (!loads()) {
  const started = Date.now();
  process.stdout.write('better-sqlite3 has no native build here: building it\n');
  // Runs its install script as `pnpm install` would (onlyBuiltDependencies allows it).
  execFileSync('pnpm', ['rebuild', '--recursive', 'better-sqlite3'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (!loads()) {
    process.stderr.write('better-sqlite3 was rebuilt but still does not load\n');
    process.exit(1);
  }
  process.stdout.write(`better-sqlite3 built in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}
