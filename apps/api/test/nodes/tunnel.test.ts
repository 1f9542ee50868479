import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { endpoints, type EndpointName, type Envelope } from '@nimbus/api-sdk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import {
  DIALECT,
  startServer,
  withBundleAndStore,
  type Bundle,
  type ServerProcess,
  type Store,
} from '../reliability/harness.ts';
import { NodeAgent } from './agent.ts';
import { freePort, selfSignedCertificate, V2rayProcess, v2rayMissing } from './v2ray.ts';

/**
 * A real tunnel: the built server, a member who registers and pays through the sandbox, a node
 * added with `pnpm ops`, a node agent running Debian's v2ray from the UniProxy feed, and a v2ray
 * client built from exactly the member's subscription. A page fetched through the tunnel shows up
 * as the member's traffic; after the member resets their link, the next pull closes the old one.
 */

const run = promisify(execFile);
const missing = v2rayMissing();
if (missing) console.warn(`tunnel test skipped: ${missing}`);

const NODE_NAME = 'node.test';
const PAGE = randomBytes(96 * 1024).toString('base64'); // about 128 KB through the tunnel

let bundle: Bundle;
let store: Store;
let server: ServerProcess;
let dir: string;
let page: Server;
let pagePort: number;
let agent: NodeAgent | undefined;
const clients: V2rayProcess[] = [];

async function api<T>(name: EndpointName, token: string | undefined, body: object) {
  const res = await fetch(`${server.base}/v4${endpoints[name].path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      language: 'en',
      ...(token ? { authorization: token } : {}),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${name}: ${envelope.code} ${envelope.msg}`);
  return { data: envelope.data, pragma: res.headers.get('pragma') };
}

/** `pnpm ops` as an operator runs it: the built dist/ops.js on the server's data. */
async function ops(args: string[]): Promise<unknown> {
  const { stdout } = await run(
    process.execPath,
    [path.join(bundle.dir, 'ops.js'), ...args, '--json'],
    {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...store.env },
    },
  );
  return JSON.parse(stdout);
}

/** A URL the server printed (on PUBLIC_URL) as reached on this test's port. */
const local = (url: string) => {
  const u = new URL(url);
  return `${server.base}${u.pathname}${u.search}`;
};

/**
 * Fetches the page through a client's HTTP proxy inbound; rejects when the tunnel fails. A refused
 * VMess or Shadowsocks user gets no answer at all, so a fetch expected to fail waits less.
 */
function fetchThrough(proxyPort: number, timeout = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: proxyPort,
        path: `http://127.0.0.1:${pagePort}/page`,
        headers: { host: `127.0.0.1:${pagePort}` },
        timeout,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(Buffer.concat(chunks).toString())
            : reject(new Error(`status ${res.statusCode}`)),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

/** A v2ray client whose one outbound is the Clash proxy for our node, exactly as given. */
async function clientFor(proxy: Record<string, unknown>, caFile: string) {
  const port = await freePort();
  const client = new V2rayProcess(dir, `client-${clients.length}`);
  clients.push(client);
  if (proxy.type === 'ss') {
    await client.start(
      {
        log: { loglevel: 'warning' },
        inbounds: [{ listen: '127.0.0.1', port, protocol: 'http' }],
        outbounds: [
          {
            protocol: 'shadowsocks',
            settings: {
              servers: [
                {
                  address: proxy.server,
                  port: proxy.port,
                  method: proxy.cipher,
                  password: proxy.password,
                },
              ],
            },
          },
        ],
      },
      port,
    );
    return port;
  }
  const user =
    proxy.type === 'vless' || proxy.type === 'vmess'
      ? {
          vnext: [
            {
              address: proxy.server,
              port: proxy.port,
              users: [
                proxy.type === 'vless'
                  ? { id: proxy.uuid, encryption: 'none' }
                  : { id: proxy.uuid, alterId: proxy.alterId, security: proxy.cipher },
              ],
            },
          ],
        }
      : { servers: [{ address: proxy.server, port: proxy.port, password: proxy.password }] };
  const ws = proxy['ws-opts'] as { path: string; headers?: { Host: string } } | undefined;
  await client.start(
    {
      log: { loglevel: 'warning' },
      inbounds: [{ listen: '127.0.0.1', port, protocol: 'http' }],
      outbounds: [
        {
          protocol: proxy.type,
          settings: user,
          streamSettings: {
            network: proxy.network ?? 'tcp',
            ...(ws ? { wsSettings: ws } : {}),
            security: 'tls',
            tlsSettings: {
              serverName: proxy.type === 'trojan' ? proxy.sni : proxy.servername,
              // The node's self-signed certificate is the only one trusted.
              disableSystemRoot: true,
              certificates: [{ usage: 'verify', certificateFile: caFile }],
            },
          },
        },
      ],
    },
    port,
  );
  return port;
}

describe.skipIf(missing !== undefined)(`a real tunnel through a node (${DIALECT})`, () => {
  withBundleAndStore((b, s) => {
    bundle = b;
    store = s;
  });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'nimbus-tunnel-'));
    server = await startServer(bundle.dir, store);
    page = createServer((_req, res) => res.end(PAGE));
    pagePort = await freePort();
    await new Promise<void>((resolve) => page.listen(pagePort, '127.0.0.1', resolve));
  }, 120_000);

  afterAll(async () => {
    await agent?.stop();
    for (const client of clients) await client.stop();
    await new Promise((resolve) => page?.close(resolve));
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  const PARAMS = {
    vless: { security: 'tls', sni: NODE_NAME },
    // VMess (AEAD) over WebSocket with TLS, as V2bX and XrayR serve it.
    vmess: { tls: true, sni: NODE_NAME, transport: { type: 'ws', path: '/vmess' } },
    trojan: { sni: NODE_NAME },
    // The classic AEAD cipher Debian's v2ray serves (2022 ciphers need Xray, as V2bX runs).
    shadowsocks: { method: 'aes-256-gcm' },
  };

  type Protocol = keyof typeof PARAMS;

  /** A member who registers, pays plan 1 through the sandbox and turns the subscription on. */
  async function payingMember() {
    const reg = await api<{ userId: string }>('userRegister', undefined, {
      channel: 'username',
      account: `tunnel_${randomBytes(4).toString('hex')}`,
      password: 'correct horse battery',
      agreeTerms: true,
    });
    const token = reg.pragma ?? '';
    const order = await api<{ checkoutUrl: string }>('paymentPurchase', token, {
      productId: '1',
      paymentMethod: 'card',
      idempotencyKey: randomBytes(12).toString('hex'),
    });
    const paid = await fetch(local(order.data.checkoutUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const status = await api<{ subscription: { clash: string } }>(
      'systemThirdPartyEnable',
      token,
      {},
    );
    return { userId: reg.data.userId, token, clash: status.data.subscription.clash };
  }

  /** A node the operator adds with pnpm ops, served by a node agent that pulled its feed. */
  async function servedNode(protocol: Protocol, key: string) {
    const nodePort = await freePort();
    const added = (await ops([
      'nodes',
      'add',
      `--key=${key}`,
      `--name=Tunnel ${protocol}`,
      '--region=JP',
      `--protocol=${protocol}`,
      '--host=127.0.0.1',
      `--port=${nodePort}`,
      '--access=standard',
      `--params=${JSON.stringify(PARAMS[protocol])}`,
    ])) as { id: number; token: string };
    expect(added.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cert = await selfSignedCertificate(dir, NODE_NAME);
    await agent?.stop();
    agent = new NodeAgent({
      base: server.base,
      nodeId: added.id,
      nodeType: protocol,
      token: added.token,
      dir,
      ...cert,
    });
    expect(await agent.pull()).toBe(true);
    return { agent, nodePort, cert, id: added.id, token: added.token };
  }

  /** The Clash proxy the member's subscription gives for the node on `nodePort`. */
  async function subscribedProxy(clashUrl: string, nodePort: number) {
    const clash = parse(await (await fetch(local(clashUrl))).text()) as {
      proxies: Array<Record<string, unknown>>;
    };
    const proxy = clash.proxies.find((p) => p.server === '127.0.0.1' && p.port === nodePort);
    expect(proxy).toBeDefined();
    return proxy ?? {};
  }

  test.each(['vless', 'vmess', 'trojan', 'shadowsocks'] as const)(
    '%s: pay, connect with the subscription, see the traffic, lose access after a link reset',
    async (protocol) => {
      const member = await payingMember();
      const { token } = member;

      // The operator adds the node with pnpm ops; the node agent pulls its config and members
      // and serves them with v2ray.
      const { agent, nodePort, cert } = await servedNode(protocol, `tunnel-${protocol}`);
      expect(agent.users.map((u) => u.id)).toContain(Number(member.userId));
      expect(await agent.pull()).toBe(false); // unchanged: 304s
      expect(agent.pulls.slice(-1)).toEqual([304]);

      // The member's client uses exactly the subscription's credentials for this node.
      const proxy = await subscribedProxy(member.clash, nodePort);
      const proxyPort = await clientFor(proxy, cert.certFile);
      expect(await fetchThrough(proxyPort)).toBe(PAGE);

      // The traffic reaches the member's account and the subscription header.
      const report = await agent.push();
      const [up, down] = report[member.userId] ?? [0, 0];
      expect(down).toBeGreaterThan(PAGE.length);
      expect(up).toBeGreaterThan(0);
      const sub = await fetch(local(member.clash));
      expect(sub.headers.get('subscription-userinfo')).toMatch(
        new RegExp(`^upload=${up}; download=${down}; total=0; expire=\\d+$`),
      );
      const nodeStatus = (await ops(['nodes', 'status', `tunnel-${protocol}`])) as Array<{
        online: boolean;
        onlineUsers: number;
      }>;
      expect(nodeStatus[0]).toMatchObject({ online: true, onlineUsers: 1 });

      // The member resets the link: the next pull drops the old credentials and the same client
      // can no longer connect.
      await api('systemThirdPartyReset', token, {});
      expect(await agent.pull()).toBe(true);
      expect(agent.users.find((u) => u.id === Number(member.userId))?.uuid).not.toBe(
        proxy.uuid ?? proxy.password,
      );
      await expect(fetchThrough(proxyPort, 3_000)).rejects.toThrow();
      // ...while the new link's credentials do.
      const fresh = await api<{ subscription: { clash: string } }>(
        'systemThirdPartyStatus',
        token,
        {},
      );
      const renewedProxy = await subscribedProxy(fresh.data.subscription.clash, nodePort);
      expect(await fetchThrough(await clientFor(renewedProxy, cert.certFile))).toBe(PAGE);
    },
    180_000,
  );

  test('a member pushed over the quota is refused by the node after its next pull, and back after a top-up', async () => {
    // Plan 1 carries 1 GB a cycle while this member buys it (put back afterwards).
    await ops(['plans', 'update', '1', '--quota=1']);
    try {
      const member = await payingMember();
      const { agent, nodePort, cert, id, token } = await servedNode('trojan', 'tunnel-quota');
      expect(agent.users.map((u) => u.id)).toContain(Number(member.userId));
      const proxy = await subscribedProxy(member.clash, nodePort);
      const proxyPort = await clientFor(proxy, cert.certFile);
      expect(await fetchThrough(proxyPort)).toBe(PAGE);
      const quotaHeader = (await fetch(local(member.clash))).headers.get('subscription-userinfo');
      expect(quotaHeader).toMatch(new RegExp(`; total=${1024 ** 3}; `));

      // The node measures 2 GB more for the member (as a busy week would) and pushes it.
      const pushed = await fetch(
        `${server.base}/api/v1/server/UniProxy/push?node_id=${id}&node_type=trojan&token=${token}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ [member.userId]: [0, 2 * 1024 ** 3] }),
        },
      );
      expect(pushed.status).toBe(200);
      // The next pull leaves the member out, and the node refuses the same client.
      expect(await agent.pull()).toBe(true);
      expect(agent.users.map((u) => u.id)).not.toContain(Number(member.userId));
      await expect(fetchThrough(proxyPort, 3_000)).rejects.toThrow();

      // Support adds 5 GB to the cycle: the next pull lists the member again and the same
      // client connects.
      await ops(['user', 'topup', member.userId, '--gb=5', '--reason=tunnel test']);
      expect(await agent.pull()).toBe(true);
      expect(agent.users.map((u) => u.id)).toContain(Number(member.userId));
      expect(await fetchThrough(proxyPort)).toBe(PAGE);
    } finally {
      await ops(['plans', 'update', '1', '--quota=none']);
    }
  }, 120_000);
});
