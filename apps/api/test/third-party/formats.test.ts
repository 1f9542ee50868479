import { Ajv } from 'ajv';
import { MS_PER_DAY } from '@nimbus/domain';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { runOpsCommand } from '../../src/ops/commands.ts';
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

let t: TestApp;
let client: Client;

beforeEach(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  client = new Client(t.app);
});
afterEach(() => t.close());

const NAMES = ['🇯🇵 Tokyo 1', '🇸🇬 Singapore 1', '🇺🇸 Los Angeles 1', '🇭🇰 Hong Kong 1'];
const TITLE = 'Nimbus (10 Mbps limit)';
const EXPIRED = 'Nimbus: your membership has expired. Renew it in your account.';

const validateSingbox = new Ajv({ allErrors: true, strict: true }).compile(singboxSchema);

interface ClashConfig {
  proxies: Array<
    Record<string, unknown> & { name: string; type: string; server: string; port: number }
  >;
  'proxy-groups': Array<{
    name: string;
    type: string;
    proxies: string[];
    url?: string;
    interval?: number;
  }>;
  rules: string[];
}
interface SingboxConfig {
  outbounds: Array<Record<string, unknown> & { type: string; tag: string }>;
  route: { final: string };
}

function clashOf(body: string): ClashConfig {
  const config = parse(body) as ClashConfig;
  expect(Array.isArray(config.proxies)).toBe(true);
  expect(Array.isArray(config['proxy-groups'])).toBe(true);
  return config;
}

function singboxOf(body: string): SingboxConfig {
  const config = JSON.parse(body) as unknown;
  expect(validateSingbox(config), JSON.stringify(validateSingbox.errors, null, 2)).toBe(true);
  return config as SingboxConfig;
}

describe('Clash/mihomo', () => {
  test.each([
    ['the format flag', '?format=clash', 'Shadowrocket/2070'],
    ['Clash Verge', '', 'clash-verge/v2.0.3'],
    ['mihomo', '', 'mihomo/1.19.0'],
    ['Stash', '', 'Stash/2.7.0 Clash/1.11.0'],
  ])(
    '%s gets YAML whose proxies and groups a Clash parser accepts',
    async (_label, query, agent) => {
      await member(t, client);
      const sub = await enabledSubscription(client);
      const res = await download(t, `${sub.base64}${query}`, agent);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/yaml; charset=utf-8');
      const config = clashOf(res.body);

      expect(config.proxies.map((p) => p.name)).toEqual(NAMES);
      expect(config.proxies.map((p) => p.type)).toEqual(['vless', 'trojan', 'hysteria2', 'ss']);
      const [vless, trojan, hy2, ss] = config.proxies;
      expect(vless).toMatchObject({
        server: 'jp1.nodes.nimbus.example',
        port: 443,
        tls: true,
        flow: 'xtls-rprx-vision',
        network: 'tcp',
        servername: 'www.microsoft.com',
        'client-fingerprint': 'chrome',
      });
      expect(vless?.uuid).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(vless?.['reality-opts']).toEqual({
        'public-key': 'BN3_3zf5J8NKX5H7lllipNiOG2DskX9q4wHrFDvXzgg',
        'short-id': '1d15e80465f7c9f9',
      });
      expect(trojan).toMatchObject({
        network: 'ws',
        sni: 'sg1.nodes.nimbus.example',
        'ws-opts': { path: '/nimbus', headers: { Host: 'sg1.nodes.nimbus.example' } },
      });
      // Every credential derives from the link's UUID as V2bX derives it from the feed's uuid.
      expect(trojan?.password).toBe(vless?.uuid);
      // The third-party speed limit, where the protocol carries a bandwidth.
      expect(hy2).toMatchObject({
        up: '10 Mbps',
        down: '10 Mbps',
        obfs: 'salamander',
        sni: 'us1.nodes.nimbus.example',
      });
      expect(ss).toMatchObject({ cipher: '2022-blake3-aes-128-gcm', port: 8388 });
      expect(String(ss?.password)).toBe(
        `6MQtijhe4gyTkNWUAqdGlQ==:${Buffer.from(String(vless?.uuid).slice(0, 16)).toString('base64')}`,
      );

      const [select, auto] = config['proxy-groups'];
      expect(select).toEqual({
        name: 'Nimbus',
        type: 'select',
        proxies: ['Auto select', ...NAMES],
      });
      expect(auto).toMatchObject({
        name: 'Auto select',
        type: 'url-test',
        proxies: NAMES,
        interval: 300,
      });
      // Every name a group or rule refers to exists.
      const known = new Set([
        ...config.proxies.map((p) => p.name),
        ...config['proxy-groups'].map((g) => g.name),
        'DIRECT',
        'REJECT',
      ]);
      for (const group of config['proxy-groups'])
        for (const name of group.proxies) expect(known.has(name), name).toBe(true);
      expect(config.rules.at(-1)).toBe('MATCH,Nimbus');
      for (const rule of config.rules)
        expect(known.has(rule.split(',')[rule.startsWith('MATCH') ? 1 : 2] ?? ''), rule).toBe(true);
    },
  );

  test('an expired membership gets one placeholder proxy named with the reason, and no real server', async () => {
    await member(t, client, { days: 1 });
    const sub = await enabledSubscription(client);
    t.clock.advance(2 * MS_PER_DAY);
    const config = clashOf((await download(t, sub.clash)).body);
    expect(config.proxies).toHaveLength(1);
    expect(config.proxies[0]).toMatchObject({ name: EXPIRED, server: '127.0.0.1' });
    expect(config['proxy-groups']).toEqual([
      { name: 'Nimbus', type: 'select', proxies: [EXPIRED] },
    ]);
  });
});

describe('a suspended member', () => {
  test('gets the placeholder with the reason, never the real servers (issue #31 defect 4)', async () => {
    const userId = await member(t, client);
    const sub = await enabledSubscription(client);
    const outcome = await runOpsCommand(
      'user',
      ['suspend', String(userId), '--reason=Chargeback under review'],
      t.app.services,
      t.clock.now,
      'ops:alice',
    );
    expect(outcome.exitCode).toBe(0);
    const config = clashOf((await download(t, sub.clash)).body);
    expect(config.proxies).toHaveLength(1);
    expect(config.proxies[0]).toMatchObject({
      name: 'Nimbus: your account is suspended (Chargeback under review). Contact support.',
      server: '127.0.0.1',
    });
    const links = shareLinks((await download(t, sub.base64)).body);
    expect(links.join('\n')).not.toContain('nodes.nimbus.example');
  });
});

describe('sing-box', () => {
  test.each([
    ['the format flag', '?format=singbox', 'v2rayN/7.0'],
    ['sing-box', '', 'sing-box 1.11.4'],
    ['SFA', '', 'SFA/1.11.4 (Android 14)'],
    ['SFI', '', 'SFI/1.11.4 (iOS 18.1)'],
  ])(
    '%s gets JSON that passes the schema of the emitted sing-box subset',
    async (_label, query, agent) => {
      await member(t, client);
      const sub = await enabledSubscription(client);
      const res = await download(t, `${sub.base64}${query}`, agent);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const config = singboxOf(res.body);
      const byTag = new Map(config.outbounds.map((o) => [o.tag, o]));
      expect(byTag.get('Nimbus')).toEqual({
        type: 'selector',
        tag: 'Nimbus',
        outbounds: ['Auto select', ...NAMES],
        default: 'Auto select',
      });
      expect(byTag.get('Auto select')).toMatchObject({ type: 'urltest', outbounds: NAMES });
      expect(NAMES.map((n) => byTag.get(n)?.type)).toEqual([
        'vless',
        'trojan',
        'hysteria2',
        'shadowsocks',
      ]);
      expect(byTag.get(NAMES[2] ?? '')).toMatchObject({ up_mbps: 10, down_mbps: 10 });
      expect(byTag.get(NAMES[0] ?? '')?.tls).toMatchObject({
        reality: { enabled: true },
        utls: { fingerprint: 'chrome' },
      });
      expect(config.route.final).toBe('Nimbus');
      // Every outbound a group names exists.
      for (const group of config.outbounds) {
        for (const name of (group.outbounds as string[] | undefined) ?? [])
          expect(byTag.has(name), name).toBe(true);
      }
    },
  );

  test('the schema check is real: an invented field fails it', async () => {
    await member(t, client);
    const sub = await enabledSubscription(client);
    const config = singboxOf((await download(t, sub.singbox)).body);
    const broken = {
      ...config,
      outbounds: config.outbounds.map((o) => (o.type === 'vless' ? { ...o, uuid_typo: 'x' } : o)),
    };
    expect(validateSingbox(broken)).toBe(false);
  });

  test('a switched-off client gets one placeholder outbound and the selector routes to it', async () => {
    await member(t, client);
    const sub = await enabledSubscription(client);
    await client.ok('systemThirdPartyDisable', {});
    const config = singboxOf((await download(t, sub.singbox)).body);
    const reason = 'Nimbus: the third-party client is off. Turn it on in your account.';
    expect(config.outbounds.map((o) => o.tag)).toEqual(['Nimbus', reason, 'direct']);
    expect(config.outbounds[1]).toMatchObject({ type: 'shadowsocks', server: '127.0.0.1' });
  });
});

describe('base64 share links', () => {
  test.each([
    ['Shadowrocket', 'Shadowrocket/2070 CFNetwork/1568.100.1 Darwin/24.0.0'],
    ['v2rayN', 'v2rayN/7.0.1'],
    ['any other client', 'curl/8.5.0'],
  ])('%s gets base64 of one share URI per node, each a URL that parses', async (_label, agent) => {
    await member(t, client);
    const sub = await enabledSubscription(client);
    const res = await download(t, sub.base64, agent);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const links = shareLinks(res.body).map((l) => new URL(l));
    expect(links.map((l) => l.protocol)).toEqual(['vless:', 'trojan:', 'hysteria2:', 'ss:']);
    expect(links.map((l) => decodeURIComponent(l.hash.slice(1)))).toEqual(NAMES);
    const [vless, trojan, hy2, ss] = links;

    expect(vless?.username).toMatch(/^[0-9a-f-]{36}$/);
    expect([vless?.hostname, vless?.port]).toEqual(['jp1.nodes.nimbus.example', '443']);
    expect(Object.fromEntries(vless?.searchParams ?? [])).toEqual({
      encryption: 'none',
      flow: 'xtls-rprx-vision',
      security: 'reality',
      sni: 'www.microsoft.com',
      fp: 'chrome',
      pbk: 'BN3_3zf5J8NKX5H7lllipNiOG2DskX9q4wHrFDvXzgg',
      sid: '1d15e80465f7c9f9',
      type: 'tcp',
    });
    expect(Object.fromEntries(trojan?.searchParams ?? [])).toMatchObject({
      security: 'tls',
      type: 'ws',
      path: '/nimbus',
      host: 'sg1.nodes.nimbus.example',
    });
    expect(decodeURIComponent(trojan?.username ?? '')).toBe(vless?.username);
    expect(Object.fromEntries(hy2?.searchParams ?? [])).toEqual({
      sni: 'us1.nodes.nimbus.example',
      obfs: 'salamander',
      'obfs-password': 'toiHdO_Krj6YX6xq',
    });
    // SIP002 with a 2022 cipher: method and password percent-encoded in the user info.
    expect(decodeURIComponent(ss?.username ?? '')).toBe('2022-blake3-aes-128-gcm');
    expect(decodeURIComponent(ss?.password ?? '')).toMatch(/^6MQtijhe4gyTkNWUAqdGlQ==:/);
  });

  test('the same member gets the same credentials in every format', async () => {
    await member(t, client);
    const sub = await enabledSubscription(client);
    const uuidFromLink = new URL(shareLinks((await download(t, sub.base64)).body)[0] ?? '')
      .username;
    const clash = clashOf((await download(t, sub.clash)).body);
    const singbox = singboxOf((await download(t, sub.singbox)).body);
    expect(clash.proxies[0]?.uuid).toBe(uuidFromLink);
    expect(singbox.outbounds.find((o) => o.type === 'vless')?.uuid).toBe(uuidFromLink);
  });
});

describe('headers', () => {
  test('usage and expiry, update interval, profile title and file name carry the plan and the 10 Mbps limit', async () => {
    await member(t, client, { days: 30 });
    const expiresAt = t.clock.now + 30 * MS_PER_DAY;
    const sub = await enabledSubscription(client);
    const res = await download(t, sub.clash, 'clash-verge/v2.0.3');
    expect(res.headers['subscription-userinfo']).toBe(
      `upload=0; download=0; total=0; expire=${Math.floor(expiresAt / 1000)}`,
    );
    expect(res.headers['profile-update-interval']).toBe('12');
    expect(
      Buffer.from(String(res.headers['profile-title']).replace(/^base64:/, ''), 'base64').toString(
        'utf8',
      ),
    ).toBe(TITLE);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Nimbus.yaml"; filename*=UTF-8''${encodeURIComponent(`${TITLE}.yaml`)}`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['profile-web-page-url']).toBe(`${PUBLIC_URL}/user`);
  });

  test("a Chinese member's profile is titled in Chinese", async () => {
    await member(t, client, { language: 'zh_CN' });
    const sub = await enabledSubscription(client);
    const res = await download(t, sub.singbox);
    expect(String(res.headers['content-disposition'])).toContain(
      encodeURIComponent('Nimbus（限速 10 Mbps）.json'),
    );
    expect(singboxOf(res.body).outbounds[1]?.tag).toBe('自动选择');
  });

  test('an unknown format flag is refused with a plain answer', async () => {
    await member(t, client);
    const sub = await enabledSubscription(client);
    for (const query of ['?format=surfboard', '?format=clash&format=singbox']) {
      const res = await download(t, `${sub.base64}${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toContain('format=clash, singbox, base64, surge, quantumultx, loon.');
    }
  });
});

test('a client fetches the link over real HTTP (compressed), as it would from the internet', async () => {
  await member(t, client);
  const sub = await enabledSubscription(client);
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const res = await fetch(`${address}${new URL(sub.clash).pathname}?format=clash`, {
    headers: { 'user-agent': 'mihomo/1.19.0', 'accept-encoding': 'gzip' },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-encoding')).toBe('gzip');
  expect(clashOf(await res.text()).proxies.map((p) => p.name)).toEqual(NAMES);
  const head = await fetch(`${address}${new URL(sub.base64).pathname}`, { method: 'HEAD' });
  expect(head.status).toBe(200);
  expect(head.headers.get('subscription-userinfo')).toMatch(
    /^upload=0; download=0; total=0; expire=\d+$/,
  );
});
