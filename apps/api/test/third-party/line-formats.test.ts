import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { subscriptionFormat } from '../../src/third-party/index.ts';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { download, enabledSubscription, member, PUBLIC_URL } from '../support/third-party.ts';

// The line-based formats (Surge, Quantumult X, Loon), decoded the way each client reads a line
// (its manual's grammar: `Name = type, host, port, key=value...` for Surge and Loon,
// `type=host:port, key=value..., tag=Name` for Quantumult X), and compared whole with a golden
// file once the member's own secrets are replaced by names. The example nodes are a VLESS REALITY
// (Tokyo), a Trojan over WebSocket (Singapore), a Hysteria2 with obfuscation (Los Angeles) and a
// Shadowsocks 2022 (Hong Kong) server.

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
  const client = new Client(t.app);
  await member(t, client);
  sub = await enabledSubscription(client);
  const clash = await download(t, `${sub.base64}?format=clash`);
  uuid = /uuid: (\S+)/.exec(clash.body)?.[1] ?? '';
  expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
});
afterAll(() => t.close());

/** The body with the member's secrets named, so a golden file holds the shape and nothing else. */
function named(body: string): string {
  const token = new URL(sub.base64).pathname.split('/').at(-1) ?? '';
  const ssUserKey = Buffer.from(uuid.slice(0, 16)).toString('base64');
  return body
    .replaceAll(token, '<token>')
    .replaceAll(ssUserKey, '<ss-user-key>')
    .replaceAll(uuid, '<uuid>');
}

/** `key=value` options of a line (values may be quoted: "a,b" is one value). */
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

/** Splits on commas outside double quotes, as Surge and Loon do. */
const fieldsOf = (text: string) =>
  (text.match(/("[^"]*"|[^,])+/g) ?? []).map((field) => field.trim());

/** Surge's and Loon's `Name = type, host, port, ...` lines of a section (or of the whole body). */
function policyLines(body: string, section?: string) {
  let inside = section === undefined;
  const proxies = [];
  for (const line of body.split('\n')) {
    if (/^\[.+\]$/.test(line)) inside = line === `[${section}]`;
    else if (inside && line.includes(' = ')) {
      const [name, rest] = [
        line.slice(0, line.indexOf(' = ')),
        line.slice(line.indexOf(' = ') + 3),
      ];
      const fields = fieldsOf(rest);
      proxies.push({ name, type: fields[0], fields, options: optionsOf(fields) });
    }
  }
  return proxies;
}

describe('the format by user agent', () => {
  test.each([
    ['Surge iOS/3192', 'surge'],
    ['Surge Mac/2815', 'surge'],
    ['Quantumult%20X/1.5.2', 'quantumultx'],
    ['Quantumult X/1.0.30', 'quantumultx'],
    ['Loon/3.2.4 (Build 869)', 'loon'],
    ['Stash/2.7.0 Clash/1.11.0', 'clash'],
    ['clash.meta', 'clash'],
    ['SFA/1.11.0 (Android 14)', 'singbox'],
    ['Shadowrocket/2070 CFNetwork/1568.100.1 Darwin/24.0.0', 'base64'],
    ['v2rayN/7.10.5', 'base64'],
    ['v2rayNG/1.9.30', 'base64'],
    ['Surfboard/2.24', 'base64'],
    [undefined, 'base64'],
  ])('%s gets %s', (agent, format) => {
    expect(subscriptionFormat(undefined, agent)).toBe(format);
  });

  test('the format flag wins over the user agent', () => {
    expect(subscriptionFormat('loon', 'Surge iOS/3192')).toBe('loon');
    expect(subscriptionFormat('surfboard', 'Surge iOS/3192')).toBeUndefined();
  });
});

describe('Surge', () => {
  test('a managed profile with the servers Surge reads, groups and rules that name them', async () => {
    const res = await download(t, sub.base64, AGENTS.surge);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Nimbus.conf"');
    expect(res.headers['subscription-userinfo']).toMatch(
      /^upload=0; download=0; total=0; expire=\d+$/,
    );
    expect(res.body.split('\n')[0]).toBe(
      `#!MANAGED-CONFIG ${sub.base64}?format=surge interval=43200 strict=false`,
    );
    const proxies = policyLines(res.body, 'Proxy');
    // No VLESS in Surge; Hysteria2 with obfuscation it cannot speak.
    expect(proxies.map((p) => [p.name, p.type])).toEqual([
      ['🇸🇬 Singapore 1', 'trojan'],
      ['🇭🇰 Hong Kong 1', 'ss'],
    ]);
    const [trojan, ss] = proxies;
    expect(trojan?.fields.slice(1, 3)).toEqual(['sg1.nodes.nimbus.example', '443']);
    expect(trojan?.options).toMatchObject({
      password: uuid,
      sni: 'sg1.nodes.nimbus.example',
      ws: 'true',
      'ws-path': '/nimbus',
      'ws-headers': 'Host:sg1.nodes.nimbus.example',
    });
    expect(ss?.options).toMatchObject({
      'encrypt-method': '2022-blake3-aes-128-gcm',
      password: `6MQtijhe4gyTkNWUAqdGlQ==:${Buffer.from(uuid.slice(0, 16)).toString('base64')}`,
    });
    const groups = policyLines(res.body, 'Proxy Group');
    const known = new Set([...proxies, ...groups].map((p) => p.name));
    for (const group of groups)
      for (const member of group.fields.slice(1).filter((f) => !f.includes('=')))
        expect(known.has(member), member).toBe(true);
    expect(res.body.trim().split('\n').at(-1)).toBe('FINAL,Nimbus');
    await expect(named(res.body)).toMatchFileSnapshot('golden/surge.conf');
  });
});

describe('Quantumult X', () => {
  test('VLESS REALITY and Trojan over WebSocket, field by field', async () => {
    const res = await download(t, sub.base64, AGENTS.quantumultx);
    expect(res.status).toBe(200);
    const lines = res.body
      .trim()
      .split('\n')
      .map((line) => {
        const fields = line.split(',').map((f) => f.trim());
        const [type, at] = (fields[0] ?? '').split(/=(.*)/);
        return { type, at, options: optionsOf(fields.slice(1)) };
      });
    // No Hysteria2 and no Shadowsocks 2022 in Quantumult X.
    expect(lines.map((l) => [l.type, l.options.tag])).toEqual([
      ['vless', '🇯🇵 Tokyo 1'],
      ['trojan', '🇸🇬 Singapore 1'],
    ]);
    const [vless, trojan] = lines;
    expect(vless?.at).toBe('jp1.nodes.nimbus.example:443');
    expect(vless?.options).toEqual({
      method: 'none',
      password: uuid,
      obfs: 'over-tls',
      'obfs-host': 'www.microsoft.com',
      'tls-verification': 'true',
      'reality-base64-pubkey': 'BN3_3zf5J8NKX5H7lllipNiOG2DskX9q4wHrFDvXzgg',
      'reality-hex-shortid': '1d15e80465f7c9f9',
      'vless-flow': 'xtls-rprx-vision',
      tag: '🇯🇵 Tokyo 1',
    });
    expect(trojan?.options).toMatchObject({
      password: uuid,
      obfs: 'wss',
      'obfs-host': 'sg1.nodes.nimbus.example',
      'obfs-uri': '/nimbus',
    });
    await expect(named(res.body)).toMatchFileSnapshot('golden/quantumult-x.txt');
  });

  test('a member whose servers it cannot read gets the placeholder saying so, in their language', async () => {
    const client = new Client(t.app);
    await member(t, client, { plan: 'lite', language: 'zh_CN' });
    const lite = await enabledSubscription(client);
    const res = await download(t, lite.base64, AGENTS.quantumultx);
    expect(res.status).toBe(200);
    const [line, ...rest] = res.body.trim().split('\n');
    expect(rest).toEqual([]);
    expect(line).toMatch(/^shadowsocks=127\.0\.0\.1:9, /);
    expect(line).toContain('tag=Nimbus：此应用无法使用您套餐的节点');
  });
});

describe('Loon', () => {
  test('VLESS REALITY and Trojan over WebSocket, field by field', async () => {
    const res = await download(t, sub.base64, AGENTS.loon);
    expect(res.status).toBe(200);
    const proxies = policyLines(res.body);
    expect(proxies.map((p) => [p.name, p.type])).toEqual([
      ['🇯🇵 Tokyo 1', 'VLESS'],
      ['🇸🇬 Singapore 1', 'trojan'],
    ]);
    const [vless, trojan] = proxies;
    expect(vless?.fields.slice(1, 4)).toEqual(['jp1.nodes.nimbus.example', '443', `"${uuid}"`]);
    expect(vless?.options).toMatchObject({
      transport: 'tcp',
      'over-tls': 'true',
      sni: 'www.microsoft.com',
      'public-key': 'BN3_3zf5J8NKX5H7lllipNiOG2DskX9q4wHrFDvXzgg',
      'short-id': '1d15e80465f7c9f9',
      flow: 'xtls-rprx-vision',
    });
    expect(trojan?.options).toMatchObject({
      transport: 'ws',
      path: '/nimbus',
      host: 'sg1.nodes.nimbus.example',
      sni: 'sg1.nodes.nimbus.example',
    });
    await expect(named(res.body)).toMatchFileSnapshot('golden/loon.txt');
  });
});
