// Without configured keys, the first start generates both registration keys, stores only
// their hashes, shows them once and writes them owner-only to the data folder.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { build } from '../src/app.js';
import { buildHelpFirst, testConfig } from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

// These tests start servers as production does, which builds the assistant's help at start: it
// is built once, before them.
buildHelpFirst();

describeEachDatabase('generated registration keys', (database) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  it('are generated once, shown once, and accepted by registration', async () => {
    const { url, drop } = await database.create();
    const dataDir = mkdtempSync(join(tmpdir(), 'omega-keys-'));
    cleanups.push(async () => {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const databaseUrl = url;
    const config = testConfig({
      dataDir,
      databaseUrl,
      adminKey: undefined,
      supergodKey: undefined,
    });

    const announced: Array<Record<string, string>> = [];
    const first = await build({ config, logger: false, announceKeys: (k) => announced.push(k) });
    await first.ready();
    expect(announced).toHaveLength(1);
    const keys = announced[0] ?? {};
    const file = join(dataDir, 'registration-keys.txt');
    expect(keys.file).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain(`supergod=${keys.supergod}`);

    const stored = await first.database.db.selectFrom('settings').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(keys.admin);
    await first.close();

    const second = await build({ config, logger: false, announceKeys: (k) => announced.push(k) });
    await second.ready();
    expect(announced).toHaveLength(1);
    const res = await second.inject({
      method: 'POST',
      url: '/api/register-supergod',
      payload: { username: 'root', password: 'secret1', secretKey: keys.supergod },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('supergod');
    await second.close();
  });
});
