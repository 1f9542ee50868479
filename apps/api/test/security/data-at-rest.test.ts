import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer } from '../../src/server.ts';
import { wrongFileModes } from '../../src/files/file-modes.ts';
import { registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { DIALECT, testConfig, testDatabase } from '../support/test-app.ts';

/**
 * Issue 15, item 4: nimbus.sqlite, -wal and -shm were created 0644 in a 0755 folder, readable by
 * every local user. Now the data folder is 0700 and every file in it 0600 whatever the umask
 * (an older installation's modes are corrected at start), and `pnpm ops check` lists anything
 * that is not.
 */

const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);

let umask: number;
beforeAll(() => {
  // The usual umask, under which files are created world-readable unless asked otherwise.
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
});

/** A server started as `pnpm start` does on this data folder, after one registration. */
async function startOnce(config: ReturnType<typeof testConfig>) {
  const app = await createServer(config, {
    database: testDatabase(config),
    pruneIntervalMs: 0,
    jobIntervalMs: 0,
  });
  await registerWithUsername(new Client(app));
  return app;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f));
}

describe('the data folder', () => {
  test('a first start makes the folder 0700 and every file in it 0600, the database files too', async () => {
    const config = testConfig();
    const app = await startOnce(config);
    try {
      expect(mode(config.dataDir)).toBe('700');
      const files = filesUnder(config.dataDir);
      if (DIALECT === 'sqlite') {
        // Written to and open: the write-ahead log and the shared memory file exist now.
        for (const suffix of ['', '-wal', '-shm'])
          expect(files).toContain(`${config.sqlitePath}${suffix}`);
      }
      expect(files).toContain(path.join(config.dataDir, 'server-secret'));
      expect(files).toContain(path.join(config.keysDir, 'windows.pem'));
      for (const file of files)
        expect(`${file} ${mode(file)}`).toBe(
          `${file} ${statSync(file).isDirectory() ? '700' : '600'}`,
        );
      expect(wrongFileModes(config.dataDir)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  test('modes an older version left are reported by ops check, and corrected at start', async () => {
    const config = testConfig();
    await (await startOnce(config)).close();
    chmodSync(config.dataDir, 0o755);
    chmodSync(config.keysDir, 0o755);
    chmodSync(path.join(config.keysDir, 'ios.pem'), 0o644);
    chmodSync(path.join(config.dataDir, 'server-secret'), 0o644);
    if (DIALECT === 'sqlite') chmodSync(config.sqlitePath, 0o644);

    const reported = wrongFileModes(config.dataDir).join('\n');
    expect(reported).toContain(`${config.dataDir} is mode 0755, should be 0700`);
    expect(reported).toContain(`${path.join(config.keysDir, 'ios.pem')} is mode 0644`);
    expect(reported).toContain(`${path.join(config.dataDir, 'server-secret')} is mode 0644`);
    if (DIALECT === 'sqlite') expect(reported).toContain(`${config.sqlitePath} is mode 0644`);

    const app = await startOnce(config);
    await app.close();
    expect(wrongFileModes(config.dataDir)).toEqual([]);
  });

  test('ops check names a stray readable file the server does not own', () => {
    const dir = path.join(testConfig().dataDir, 'backups');
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(path.join(dir, 'copy.sqlite'), 'x', { mode: 0o644 });
    expect(existsSync(path.join(dir, 'copy.sqlite'))).toBe(true);
    expect(wrongFileModes(path.dirname(dir)).join('\n')).toMatch(
      /backups\/copy\.sqlite is mode 0644, should be 0600 \(chmod 600 .*copy\.sqlite\)/,
    );
  });
});
