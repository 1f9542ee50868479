import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

test('pnpm dev on a port another process holds says so in one line and exits 1', async () => {
  const holder = createServer();
  const port = await new Promise<number>((resolve) =>
    holder.listen(0, '127.0.0.1', () => resolve((holder.address() as AddressInfo).port)),
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-dev-port-'));
  try {
    const dev = spawn(process.execPath, ['tooling/dev/src/dev.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    dev.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => dev.once('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      `Port ${port} on 127.0.0.1 is already in use: stop what listens there, or start on another port (PORT=${port + 1} pnpm dev).`,
    ]);
  } finally {
    await new Promise((resolve) => holder.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
