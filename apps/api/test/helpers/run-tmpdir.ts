// One temporary folder for a test run, removed at its end. A suite's global setup calls it before
// any test file starts: the files' data folders, SQLite files, server processes and browser
// profiles go in it, because each asks `os.tmpdir()`, which reads TMPDIR, and the workers and the
// processes they start inherit it. The API suite alone left about 1,200 folders in /tmp a run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Points TMPDIR at a new folder for the run; answers the function that removes it. */
export function runTmpdir(suite: string): () => void {
  const dir = mkdtempSync(join(tmpdir(), `omega-${suite}-run-`));
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
