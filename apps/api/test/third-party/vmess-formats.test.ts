import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import { addNode } from '../../src/nodes/manage-nodes.ts';
import type { NodeInput } from '../../src/nodes/node-store.ts';
import { Client } from '../support/client.ts';
import { singboxSchema } from '../support/singbox-schema.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import {
  download,
  enabledSubscription,
  member,
  PUBLIC_URL,
  shareLinks,
} from '../support/third-party.ts';

// VMess nodes in every format we serve: three nodes (plain TCP without TLS, WebSocket with TLS,
// gRPC with TLS) beside the example ones, each format's VMess entries read the way its client
// reads them and compared with a golden file once the member's UUID is replaced by a name.
// Surge, Quantumult X and Loon have no gRPC: that node is left out of theirs.

const VMESS_NODES: readonly NodeInput[] = [
  {
    key: 'vmess-tcp',
    name: 'VMess TCP',
    region: 'DE',
    protocol: 'vmess',
    host: 'de1.nodes.nimbus.example',
    port: 10086,
    access: 'standard',
    params: {},
  },
  {
    key: 'vmess-ws',
    name: 'VMess WS',
    region: 'DE',
    protocol: 'vmess',
    host: 'de2.nodes.nimbus.example',
    port: 443,
    access: 'standard',
    params: {
      tls: true,
      sni: 'de2.nodes.nimbus.example',
      fingerprint: 'chrome',
      transport: { type: 'ws', path: '/vm', host: 'cdn.nimbus.example' },
    },
  },
  {
    key: 'vmess-grpc',
    name: 'VMess gRPC',
    region: 'DE',
    protocol: 'vmess',
    host: 'de3.nodes.nimbus.example',
    port: 8443,
    access: 'standard',
    params: {
      tls: true,
      sni: 'de3.nodes.nimbus.example',
      transport: { type: 'grpc', serviceName: 'vm' },
    },
  },
];
const [TCP, WS, GRPC] = ['🇩🇪 VMess TCP', '🇩🇪 VMess WS', '🇩🇪 VMess gRPC'];

const AGENTS = {
  surge: 'Surge iOS/3192',
  quantumultx: 'Quantumult%20X/1.5.2 (iPhone15,2; iOS 18.1)',
  loon: 'Loon/3.2.4 (Build 869)',
} as const;

let t: TestApp;
let sub: Awaited<ReturnType<typeof enabledSubscription>>;
let uuid: string;

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  for (const node of VMESS_NODES)
    await addNode(t.app.services.db, node, { actor: 'ops:test', now: t.clock.now });
  const client = new Client(t.app);
  await member(t, client);
  sub = await enabledSubscription(client);
  const clash = await download(t, `${sub.base64}?format=clash`);
  uuid = /uuid: (\S+)/.exec(clash.body)?.[1] ?? '';
  expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
});
afterAll(() => t.close());

const named = (text: string) => text.replaceAll(uuid, '<uuid>');

/** The lines of a line-based body that name a VMess node. */
const vmessLines = (body: string) => body.split('\n').filter((line) => line.includes('VMess'));

/** `key=value` options of comma-separated fields (values may be quoted). */
function optionsOf(fields: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const at = field.indexOf('=');
    if (at > 0)
      out[field.slice(0, at).trim()] = field
        .slice(at + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  return out;
}
const fieldsOf = (text: string) =>
  (text.match(/("[^"]*"|[^,])+/g) ?? []).map((field) => field.trim());

describe('VMess in every format', () => {
  test('Clash (mihomo): type vmess, alterId 0, cipher auto, TLS and transport options', async () => {
    const res = await download(t, `${sub.base64}?format=clash`);
    const proxies = (parse(res.body) as { proxies: Array<Record<string, unknown>> }).proxies;
    const vmess = proxies.filter((p) => p.type === 'vmess');
    expect(vmess).toEqual([
      {
        name: TCP,
        server: 'de1.nodes.nimbus.example',
        port: 10086,
        udp: true,
        type: 'vmess',
        uuid,
        alterId: 0,
        cipher: 'auto',
        tls: false,
        network: 'tcp',
      },
      {
        name: WS,
        server: 'de2.nodes.nimbus.example',
        port: 443,
        udp: true,
        type: 'vmess',
        uuid,
        alterId: 0,
        cipher: 'auto',
        tls: true,
        servername: 'de2.nodes.nimbus.example',
        'client-fingerprint': 'chrome',
        network: 'ws',
        'ws-opts': { path: '/vm', headers: { Host: 'cdn.nimbus.example' } },
      },
      {
        name: GRPC,
        server: 'de3.nodes.nimbus.example',
        port: 8443,
        udp: true,
        type: 'vmess',
        uuid,
        alterId: 0,
        cipher: 'auto',
        tls: true,
        servername: 'de3.nodes.nimbus.example',
        network: 'grpc',
        'grpc-opts': { 'grpc-service-name': 'vm' },
      },
    ]);
    await expect(named(stringify(vmess, { lineWidth: 0 }))).toMatchFileSnapshot(
      'golden/vmess-clash.yaml',
    );
  });

  test('sing-box: vmess outbounds that pass the schema', async () => {
    const res = await download(t, `${sub.base64}?format=singbox`);
    const config = JSON.parse(res.body) as { outbounds: Array<Record<string, unknown>> };
    const validate = new Ajv({ allErrors: true, strict: true }).compile(singboxSchema);
    expect(validate(config), JSON.stringify(validate.errors, null, 2)).toBe(true);
    const vmess = config.outbounds.filter((o) => o.type === 'vmess');
    expect(vmess.map((o) => [o.tag, o.security, o.alter_id, o.tls === undefined])).toEqual([
      [TCP, 'auto', 0, true],
      [WS, 'auto', 0, false],
      [GRPC, 'auto', 0, false],
    ]);
    expect(vmess[1]).toMatchObject({
      uuid,
      tls: { enabled: true, server_name: 'de2.nodes.nimbus.example' },
      transport: { type: 'ws', path: '/vm', headers: { Host: 'cdn.nimbus.example' } },
    });
    expect(vmess[2]).toMatchObject({ transport: { type: 'grpc', service_name: 'vm' } });
    await expect(named(`${JSON.stringify(vmess, null, 2)}\n`)).toMatchFileSnapshot(
      'golden/vmess-singbox.json',
    );
  });

  test('v2rayN: vmess:// links of base64 JSON, version 2, every value a string', async () => {
    const links = shareLinks((await download(t, sub.base64, 'v2rayN/7.10.5')).body).filter((l) =>
      l.startsWith('vmess://'),
    );
    const decoded = links.map(
      (l) =>
        JSON.parse(Buffer.from(l.slice('vmess://'.length), 'base64').toString('utf8')) as Record<
          string,
          unknown
        >,
    );
    for (const link of decoded)
      expect(Object.values(link).every((v) => typeof v === 'string')).toBe(true);
    expect(decoded).toEqual([
      {
        v: '2',
        ps: TCP,
        add: 'de1.nodes.nimbus.example',
        port: '10086',
        id: uuid,
        aid: '0',
        scy: 'auto',
        net: 'tcp',
        type: 'none',
        host: '',
        path: '',
        tls: '',
        sni: '',
        fp: '',
      },
      {
        v: '2',
        ps: WS,
        add: 'de2.nodes.nimbus.example',
        port: '443',
        id: uuid,
        aid: '0',
        scy: 'auto',
        net: 'ws',
        type: 'none',
        host: 'cdn.nimbus.example',
        path: '/vm',
        tls: 'tls',
        sni: 'de2.nodes.nimbus.example',
        fp: 'chrome',
      },
      {
        v: '2',
        ps: GRPC,
        add: 'de3.nodes.nimbus.example',
        port: '8443',
        id: uuid,
        aid: '0',
        scy: 'auto',
        net: 'grpc',
        type: 'gun',
        host: '',
        path: 'vm',
        tls: 'tls',
        sni: 'de3.nodes.nimbus.example',
        fp: '',
      },
    ]);
    await expect(
      named(`${decoded.map((link) => JSON.stringify(link)).join('\n')}\n`),
    ).toMatchFileSnapshot('golden/vmess-v2rayn.txt');
  });

  test('Surge: vmess lines with username, ws, tls and vmess-aead; no gRPC', async () => {
    const lines = vmessLines((await download(t, sub.base64, AGENTS.surge)).body).filter((l) =>
      l.includes(' = vmess, '),
    );
    expect(lines.map((l) => l.slice(0, l.indexOf(' = ')))).toEqual([TCP, WS]);
    const [tcp, ws] = lines.map((l) => fieldsOf(l.slice(l.indexOf(' = ') + 3)));
    expect(tcp?.slice(0, 3)).toEqual(['vmess', 'de1.nodes.nimbus.example', '10086']);
    expect(optionsOf(tcp ?? [])).toEqual({
      username: uuid,
      'vmess-aead': 'true',
      'udp-relay': 'true',
    });
    expect(optionsOf(ws ?? [])).toEqual({
      username: uuid,
      ws: 'true',
      'ws-path': '/vm',
      'ws-headers': 'Host:cdn.nimbus.example',
      tls: 'true',
      sni: 'de2.nodes.nimbus.example',
      'vmess-aead': 'true',
      'udp-relay': 'true',
    });
    await expect(named(`${lines.join('\n')}\n`)).toMatchFileSnapshot('golden/vmess-surge.conf');
  });

  test('Quantumult X: vmess= lines, obfs for the transport, AEAD; no gRPC', async () => {
    const lines = vmessLines((await download(t, sub.base64, AGENTS.quantumultx)).body);
    expect(lines.map((l) => /tag=(.*)$/.exec(l)?.[1])).toEqual([TCP, WS]);
    const [tcp, ws] = lines.map((l) => fieldsOf(l));
    expect(tcp?.[0]).toBe('vmess=de1.nodes.nimbus.example:10086');
    expect(optionsOf(tcp?.slice(1) ?? [])).toEqual({
      method: 'chacha20-ietf-poly1305',
      password: uuid,
      aead: 'true',
      'udp-relay': 'true',
      tag: TCP,
    });
    expect(optionsOf(ws?.slice(1) ?? [])).toMatchObject({
      password: uuid,
      obfs: 'wss',
      'obfs-host': 'cdn.nimbus.example',
      'obfs-uri': '/vm',
      'tls-verification': 'true',
      aead: 'true',
    });
    await expect(named(`${lines.join('\n')}\n`)).toMatchFileSnapshot(
      'golden/vmess-quantumult-x.txt',
    );
  });

  test('Loon: vmess lines with the cipher, the UUID, alterId 0 and TLS; no gRPC', async () => {
    const lines = vmessLines((await download(t, sub.base64, AGENTS.loon)).body);
    expect(lines.map((l) => l.slice(0, l.indexOf(' = ')))).toEqual([TCP, WS]);
    const [tcp, ws] = lines.map((l) => fieldsOf(l.slice(l.indexOf(' = ') + 3)));
    expect(tcp?.slice(0, 5)).toEqual([
      'vmess',
      'de1.nodes.nimbus.example',
      '10086',
      'auto',
      `"${uuid}"`,
    ]);
    expect(optionsOf(tcp ?? [])).toEqual({ transport: 'tcp', alterId: '0', udp: 'true' });
    expect(optionsOf(ws ?? [])).toEqual({
      transport: 'ws',
      path: '/vm',
      host: 'cdn.nimbus.example',
      alterId: '0',
      'over-tls': 'true',
      sni: 'de2.nodes.nimbus.example',
      'skip-cert-verify': 'false',
      udp: 'true',
    });
    await expect(named(`${lines.join('\n')}\n`)).toMatchFileSnapshot('golden/vmess-loon.txt');
  });
});
