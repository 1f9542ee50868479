import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Debian's v2ray 4.x on loopback, for the tunnel test: processes started from a JSON config,
 * stopped by their own pid; `v2ctl api` reads the per-user traffic statistics.
 */

const run = promisify(execFile);

/** Why v2ray cannot run here, or undefined when it can. */
export function v2rayMissing(): string | undefined {
  for (const tool of ['v2ray', 'v2ctl', 'openssl']) {
    const probe = spawnSync(tool, tool === 'openssl' ? ['version'] : ['version'], {
      encoding: 'utf8',
    });
    if (probe.error) return `${tool} is not installed (apt-get install v2ray openssl)`;
  }
  return undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A self-signed certificate for `name` (the node's TLS), written into `dir`. */
export async function selfSignedCertificate(
  dir: string,
  name: string,
): Promise<{ certFile: string; keyFile: string }> {
  const certFile = path.join(dir, 'node-cert.pem');
  const keyFile = path.join(dir, 'node-key.pem');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    '1',
    '-subj',
    `/CN=${name}`,
    '-addext',
    `subjectAltName=DNS:${name}`,
  ]);
  return { certFile, keyFile };
}

export class V2rayProcess {
  private child: ChildProcess | undefined;
  readonly logs: string[] = [];

  constructor(
    private readonly dir: string,
    private readonly name: string,
  ) {}

  /** (Re)starts v2ray with `config`, resolving once `readyPort` accepts connections. */
  async start(config: object, readyPort: number): Promise<void> {
    await this.stop();
    const file = path.join(this.dir, `${this.name}.json`);
    writeFileSync(file, JSON.stringify(config, null, 2));
    const child = spawn('v2ray', ['-config', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (c: Buffer) => this.logs.push(c.toString()));
    child.stderr?.on('data', (c: Buffer) => this.logs.push(c.toString()));
    this.child = child;
    const deadline = Date.now() + 15_000;
    while (!(await accepts(readyPort))) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`v2ray ${this.name} did not start:\n${this.logs.join('')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const closed = new Promise((resolve) => child.once('close', resolve));
    child.kill('SIGTERM');
    await closed;
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = new Socket();
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
    probe.connect(port, '127.0.0.1');
  });
}

/**
 * Per-user traffic since the last query (`reset: true`), by the user's email (the feed id):
 * `v2ctl api StatsService.QueryStats` prints protobuf text, one `stat` per user and direction.
 */
export async function takeUserTraffic(
  apiPort: number,
): Promise<Map<string, { upload: number; download: number }>> {
  const { stdout } = await run('v2ctl', [
    'api',
    `--server=127.0.0.1:${apiPort}`,
    'StatsService.QueryStats',
    'pattern: "user>>>" reset: true',
  ]);
  const traffic = new Map<string, { upload: number; download: number }>();
  const stat = /name: "user>>>([^"]+)>>>traffic>>>(uplink|downlink)"\s+value: (\d+)/g;
  for (const [, email = '', direction, value] of stdout.matchAll(stat)) {
    const entry = traffic.get(email) ?? { upload: 0, download: 0 };
    if (direction === 'uplink') entry.upload += Number(value);
    else entry.download += Number(value);
    traffic.set(email, entry);
  }
  return traffic;
}
