import { nodeCredentials } from '@nimbus/domain';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { enableNode } from '../../src/nodes/manage-nodes.ts';
import { checkNode, type NodeInput } from '../../src/nodes/node-store.ts';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import {
  download,
  enabledSubscription,
  member,
  PUBLIC_URL,
  shareLinks,
} from '../support/third-party.ts';
import { feed, OPS, testNode, TROJAN_NODE, type TestNode } from './feed-helpers.ts';
import { unmarshal, go } from './node-programs/go-json.ts';
import {
  v2bxNodeInfo,
  v2bxNodeType,
  v2bxUserAccount,
  v2bxUsers,
  v2bxXrayInbound,
  v2bxInterval,
  type V2bxNodeInfo,
  type V2bxNodeType,
} from './node-programs/v2bx.ts';
import {
  xrayrNodeInfo,
  xrayrNodeType,
  xrayrSs2022UserKey,
  xrayrUsers,
} from './node-programs/xrayr.ts';

/**
 * Our UniProxy answers decoded field by field the way V2bX and XrayR decode them (typed from
 * their structs, with encoding/json's rules: `,string`, kinds, promoted fields), on both dialects.
 */

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
});
afterEach(() => t.close());

const node = (input: Partial<NodeInput> & Pick<NodeInput, 'protocol' | 'params'>): NodeInput => ({
  ...TROJAN_NODE,
  key: `prog-${input.protocol}`,
  ...input,
});

const REALITY_KEYS = {
  // An X25519 pair (base64url) as `xray x25519` prints one.
  realityPrivateKey: 'aFGlHbuNwuA0dLZ-TqlnLA2pkTmHmAUwvqnRfEpkwmI',
  realityPublicKey: 'pUYN5DxDevOPCD0AJZlA6WRhd6xHlbV6j_z17MlzPXs',
};

async function config(n: TestNode, nodeType = n.type): Promise<string> {
  const res = await feed(t, { ...n, type: nodeType }, 'GET', 'config');
  expect(res.status).toBe(200);
  return res.body;
}

function v2bx(type: V2bxNodeType, body: string): V2bxNodeInfo {
  const info = v2bxNodeInfo(type, body);
  if (!info.ok) throw new Error(info.error);
  return info.value;
}

/** A member with the third-party client on and their link's uuid. */
async function linkMember() {
  const client = new Client(t.app);
  const userId = await member(t, client);
  const sub = await enabledSubscription(client);
  const uuid = new URL(shareLinks((await download(t, sub.base64)).body)[0] ?? '').username;
  return { userId, uuid };
}

describe('the Go decoding model', () => {
  const Tls = go.struct('TlsSettings', [
    { name: 'ServerPort', json: 'server_port', type: go.string },
    { name: 'Xver', json: 'xver', asString: true, type: go.uint64 },
  ]);
  test.each([
    ['{"xver":"1"}', { ServerPort: '', Xver: 1 }, 0],
    ['{"xver":null,"server_port":"443"}', { ServerPort: '443', Xver: 0 }, 0],
    ['{"xver":0}', { ServerPort: '', Xver: 0 }, 1],
    ['{"xver":""}', { ServerPort: '', Xver: 0 }, 1],
    ['{"server_port":443}', { ServerPort: '', Xver: 0 }, 1],
    ['{"SERVER_PORT":"8443"}', { ServerPort: '8443', Xver: 0 }, 0],
  ])('%s', (text, value, errors) => {
    const decoded = unmarshal(text, Tls);
    expect(decoded.value).toEqual(value);
    expect(decoded.errors).toHaveLength(errors);
  });
  test('an int refuses a fraction and a string', () => {
    const S = go.struct('S', [{ name: 'N', json: 'n', type: go.int }]);
    expect(unmarshal('{"n":60.0}', S).errors).toHaveLength(1);
    expect(unmarshal('{"n":"60"}', S).errors).toHaveLength(1);
    expect(unmarshal('{"n":60}', S).value).toEqual({ N: 60 });
  });
});

describe('V2bX and XrayR read every protocol we serve', () => {
  test('VLESS with TLS over TCP (vision), WebSocket and gRPC', async () => {
    const { uuid } = await linkMember();
    const cases = [
      [{ security: 'tls', sni: 'v.example.com', flow: 'xtls-rprx-vision' }, 'tcp', null],
      [
        {
          security: 'tls',
          sni: 'v.example.com',
          transport: { type: 'ws', path: '/ws', host: 'cdn.example.com' },
        },
        'ws',
        { path: '/ws', headers: { Host: 'cdn.example.com' } },
      ],
      [
        { security: 'tls', sni: 'v.example.com', transport: { type: 'grpc', serviceName: 'tun' } },
        'grpc',
        { serviceName: 'tun' },
      ],
    ] as const;
    for (const [params, network, transport] of cases as readonly (readonly [
      Record<string, unknown>,
      string,
      { path?: string; headers?: { Host: string }; serviceName?: string } | null,
    ])[]) {
      const n = await testNode(
        t,
        node({ protocol: 'vless', port: 443, params: params as NodeInput['params'] }),
      );
      const body = await config(n, v2bxNodeType('vless'));
      const info = v2bx('vless', body);
      const inbound = v2bxXrayInbound(info);
      expect(inbound).toEqual({
        ok: true,
        value: { protocol: 'vless', port: 443, network, transport, security: 'tls' },
      });
      expect(v2bxUserAccount(info, { Id: 1, Uuid: uuid, SpeedLimit: 0, DeviceLimit: 0 })).toEqual({
        protocol: 'vless',
        id: nodeCredentials(uuid).uuid,
        flow: 'flow' in params ? 'xtls-rprx-vision' : '',
      });
      if (info.type === 'vless') {
        expect(v2bxInterval(info.node.CommonNode.BaseConfig?.PullInterval)).toBe(60);
        expect(v2bxInterval(info.node.CommonNode.BaseConfig?.PushInterval)).toBe(60);
      }

      const setting = { nodeType: 'V2ray', enableVless: true } as const;
      const xr = xrayrNodeInfo(setting, await config(n, xrayrNodeType(setting)));
      expect(xr).toMatchObject({
        ok: true,
        value: {
          port: 443,
          transportProtocol: network,
          enableTLS: true,
          enableREALITY: false,
          enableVless: true,
          vlessFlow: 'flow' in params ? 'xtls-rprx-vision' : '',
          path: transport?.path ?? '',
          host: transport?.headers?.Host ?? '',
          serviceName: transport?.serviceName ?? '',
          ignoredErrors: [],
        },
      });
    }
  });

  // Defect 1 of #31 (fixed): the feed sent dest "host:443" and a numeric xver, so V2bX refused
  // the whole config (`xver,string`) and XrayR composed "host:443:443". It now sends what Xboard
  // sends (server_name, server_port as a string, keys, short id; no dest, no xver).
  test('VLESS REALITY: V2bX starts with dest server_name:server_port', async () => {
    const n = await testNode(
      t,
      node({
        protocol: 'vless',
        port: 443,
        params: {
          security: 'reality',
          sni: 'www.example.com',
          fingerprint: 'chrome',
          flow: 'xtls-rprx-vision',
          realityShortId: '0123abcd',
          ...REALITY_KEYS,
        },
      }),
    );
    const info = v2bxNodeInfo('vless', await config(n));
    expect(info.ok ? '' : info.error).toBe('');
    expect(info.ok && v2bxXrayInbound(info.value)).toEqual({
      ok: true,
      value: expect.objectContaining({
        security: 'reality',
        reality: {
          dest: 'www.example.com:443',
          xver: 0,
          serverNames: ['www.example.com'],
          privateKey: REALITY_KEYS.realityPrivateKey,
          shortIds: ['0123abcd'],
        },
      }),
    });
  });

  test('VLESS REALITY: XrayR composes dest server_name:server_port', async () => {
    const n = await testNode(
      t,
      node({
        protocol: 'vless',
        port: 443,
        params: {
          security: 'reality',
          sni: 'www.example.com',
          fingerprint: 'chrome',
          realityShortId: '0123abcd',
          ...REALITY_KEYS,
        },
      }),
    );
    const xr = xrayrNodeInfo({ nodeType: 'V2ray', enableVless: true }, await config(n));
    expect(xr).toMatchObject({
      ok: true,
      value: { enableREALITY: true, reality: { dest: 'www.example.com:443' }, ignoredErrors: [] },
    });
  });

  test('VLESS REALITY: the public key comes from the private key, the target port from one field', async () => {
    const n = await testNode(
      t,
      node({
        protocol: 'vless',
        port: 443,
        params: {
          security: 'reality',
          sni: 'www.example.com',
          fingerprint: 'chrome',
          realityShortId: '0123abcd',
          realityPrivateKey: REALITY_KEYS.realityPrivateKey,
          realityTargetPort: 8443,
        },
      }),
    );
    const answer = JSON.parse(await config(n)) as { tls_settings: Record<string, unknown> };
    expect(answer.tls_settings).toEqual({
      server_name: 'www.example.com',
      server_port: '8443',
      public_key: REALITY_KEYS.realityPublicKey,
      private_key: REALITY_KEYS.realityPrivateKey,
      short_id: '0123abcd',
    });
    const info = v2bxNodeInfo('vless', await config(n));
    expect(info.ok && v2bxXrayInbound(info.value)).toMatchObject({
      ok: true,
      value: { reality: { dest: 'www.example.com:8443' } },
    });
  });

  test('VLESS REALITY: a key pair that does not match, or a target other than the SNI, is refused', () => {
    const reality = (extra: Record<string, unknown>) =>
      checkNode(
        node({
          protocol: 'vless',
          params: { security: 'reality', sni: 'www.example.com', fingerprint: 'chrome', ...extra },
        }),
      );
    const problems = (r: ReturnType<typeof reality>) => (r.ok ? [] : r.problems);
    expect(
      problems(
        reality({
          realityPrivateKey: REALITY_KEYS.realityPrivateKey,
          realityPublicKey: 'BN3_3zf5J8NKX5H7lllipNiOG2DskX9q4wHrFDvXzgg',
        }),
      ),
    ).toEqual(['realityPublicKey is not the public key of realityPrivateKey']);
    expect(problems(reality({ ...REALITY_KEYS, realityDest: 'www.other.com:443' }))[0]).toMatch(
      /the REALITY target is the SNI/,
    );
    expect(problems(reality({ ...REALITY_KEYS, realityDest: 'www.example.com:8443' }))).toEqual([]);
    expect(problems(reality({}))[0]).toMatch(/needs realityPrivateKey/);
  });

  test('VMess (AEAD) over TCP, WebSocket with TLS and gRPC with TLS', async () => {
    const { uuid } = await linkMember();
    const cases = [
      [{}, 'tcp', null, 'none'],
      [
        {
          tls: true,
          sni: 'm.example.com',
          transport: { type: 'ws', path: '/vm', host: 'cdn.example.com' },
        },
        'ws',
        { path: '/vm', headers: { Host: 'cdn.example.com' } },
        'tls',
      ],
      [
        { tls: true, sni: 'm.example.com', transport: { type: 'grpc', serviceName: 'vm' } },
        'grpc',
        { serviceName: 'vm' },
        'tls',
      ],
    ] as const;
    for (const [params, network, transport, security] of cases as readonly (readonly [
      Record<string, unknown>,
      string,
      { path?: string; headers?: { Host: string }; serviceName?: string } | null,
      'none' | 'tls',
    ])[]) {
      const n = await testNode(
        t,
        node({ protocol: 'vmess', port: 10086, params: params as NodeInput['params'] }),
      );
      // V2bX: its "V2ray"/"Vmess" setting asks as vmess, decoded into the struct VLESS shares.
      const info = v2bx('vmess', await config(n, v2bxNodeType('v2ray')));
      expect(info).toMatchObject({
        type: 'vmess',
        security: security === 'tls' ? 1 : 0,
        node: {
          CommonNode: { Host: 'trojan.feed.example', ServerPort: 10086 },
          Network: network,
          ServerName: security === 'tls' ? 'm.example.com' : '',
          TlsSettings: { ServerName: security === 'tls' ? 'm.example.com' : '' },
          Flow: '',
        },
      });
      expect(v2bxXrayInbound(info)).toEqual({
        ok: true,
        value: { protocol: 'vmess', port: 10086, network, transport, security },
      });
      expect(v2bxUserAccount(info, { Id: 1, Uuid: uuid, SpeedLimit: 0, DeviceLimit: 0 })).toEqual({
        protocol: 'vmess',
        id: nodeCredentials(uuid).uuid,
        security: 'auto',
      });
      expect(v2bxInterval(info.node.CommonNode.BaseConfig?.PullInterval)).toBe(60);

      // XrayR with NodeType "Vmess" (V2ray without EnableVless is VMess too).
      const setting = { nodeType: 'Vmess' } as const;
      const xr = xrayrNodeInfo(setting, await config(n, xrayrNodeType(setting)));
      expect(xr).toMatchObject({
        ok: true,
        value: {
          port: 10086,
          transportProtocol: network,
          enableTLS: security === 'tls',
          enableREALITY: false,
          enableVless: false,
          path: transport?.path ?? '',
          host: transport?.headers?.Host ?? '',
          serviceName: transport?.serviceName ?? '',
          ignoredErrors: [],
        },
      });
    }
  });

  test('VMess: alterId other than 0, TLS without an SNI or an SNI without TLS are refused', () => {
    const vmess = (params: Record<string, unknown>) =>
      checkNode(node({ protocol: 'vmess', params: params as NodeInput['params'] }));
    expect(vmess({ alterId: 0, tls: true, sni: 'm.example.com' })).toMatchObject({ ok: true });
    expect(vmess({ alterId: 64 })).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^alterId must be 0/)],
      fieldErrors: { params: 'vmess_alter_id_invalid' },
    });
    expect(vmess({ tls: true })).toMatchObject({
      ok: false,
      fieldErrors: { params: 'vmess_sni_required' },
    });
    expect(vmess({ sni: 'm.example.com' })).toMatchObject({
      ok: false,
      fieldErrors: { params: 'vmess_sni_without_tls' },
    });
    expect(vmess({ tls: 'yes' })).toMatchObject({ ok: false });
  });

  test('Trojan over TCP and WebSocket (XrayR serves every Trojan node as plain TCP)', async () => {
    const { uuid } = await linkMember();
    const tcp = await testNode(t, node({ protocol: 'trojan', params: { sni: 't.example.com' } }));
    const ws = await testNode(
      t,
      node({
        protocol: 'trojan',
        params: { sni: 't.example.com', transport: { type: 'ws', path: '/t' } },
      }),
    );
    for (const [n, network, transport] of [
      [tcp, 'tcp', null],
      [ws, 'ws', { path: '/t' }],
    ] as const) {
      const info = v2bx('trojan', await config(n));
      expect(v2bxXrayInbound(info)).toEqual({
        ok: true,
        value: { protocol: 'trojan', port: 8443, network, transport, security: 'tls' },
      });
      expect(v2bxUserAccount(info, { Id: 1, Uuid: uuid, SpeedLimit: 0, DeviceLimit: 0 })).toEqual({
        protocol: 'trojan',
        password: nodeCredentials(uuid).password,
      });
      const xr = xrayrNodeInfo(
        { nodeType: 'Trojan' },
        await config(n, xrayrNodeType({ nodeType: 'Trojan' })),
      );
      expect(xr).toMatchObject({
        ok: true,
        value: {
          port: 8443,
          transportProtocol: 'tcp',
          enableTLS: true,
          serviceName: 't.example.com',
        },
      });
    }
  });

  test('Shadowsocks 2022 and classic AEAD: cipher, server key and each member key agree', async () => {
    const { uuid } = await linkMember();
    const ss2022 = await testNode(
      t,
      node({
        protocol: 'shadowsocks',
        port: 8388,
        params: {
          method: '2022-blake3-aes-256-gcm',
          serverKey: Buffer.alloc(32, 7).toString('base64'),
        },
      }),
    );
    const classic = await testNode(
      t,
      node({ protocol: 'shadowsocks', port: 8389, params: { method: 'aes-256-gcm' } }),
    );
    const a = v2bx('shadowsocks', await config(ss2022));
    expect(v2bxXrayInbound(a)).toMatchObject({
      ok: true,
      value: {
        protocol: 'shadowsocks',
        port: 8388,
        shadowsocks: {
          cipher: '2022-blake3-aes-256-gcm',
          serverKey: Buffer.alloc(32, 7).toString('base64'),
        },
      },
    });
    const user = { Id: 1, Uuid: uuid, SpeedLimit: 0, DeviceLimit: 0 };
    expect(v2bxUserAccount(a, user)).toEqual({
      protocol: 'shadowsocks2022',
      key: nodeCredentials(uuid).ssUserKey(32),
    });
    expect(xrayrSs2022UserKey(uuid, '2022-blake3-aes-256-gcm')).toEqual({
      ok: true,
      value: nodeCredentials(uuid).ssUserKey(32),
    });
    const b = v2bx('shadowsocks', await config(classic));
    expect(v2bxUserAccount(b, user)).toEqual({
      protocol: 'shadowsocks',
      cipher: 'aes-256-gcm',
      password: nodeCredentials(uuid).password,
    });
    for (const [n, cipher, key] of [
      [ss2022, '2022-blake3-aes-256-gcm', Buffer.alloc(32, 7).toString('base64')],
      [classic, 'aes-256-gcm', ''],
    ] as const)
      expect(
        xrayrNodeInfo(
          { nodeType: 'Shadowsocks' },
          await config(n, xrayrNodeType({ nodeType: 'Shadowsocks' })),
        ),
      ).toMatchObject({
        ok: true,
        value: { cypherMethod: cipher, serverKey: key, ignoredErrors: [] },
      });
  });

  test('Hysteria2 (V2bX with sing-box): port, bandwidth and obfuscation', async () => {
    const n = await testNode(
      t,
      node({
        protocol: 'hysteria2',
        port: 8443,
        capacityMbps: 500,
        params: { sni: 'h.example.com', obfsPassword: 'salad' },
      }),
    );
    const info = v2bx('hysteria2', await config(n));
    expect(info.type === 'hysteria2' && info.node).toMatchObject({
      CommonNode: { ServerPort: 8443, ServerName: 'h.example.com' },
      UpMbps: 500,
      DownMbps: 500,
      ObfsType: 'salamander',
      ObfsPassword: 'salad',
    });
  });
});

describe('the user list', () => {
  test('both programs read every member; XrayR takes an empty list as an error', async () => {
    const { userId, uuid } = await linkMember();
    const n = await testNode(t, node({ protocol: 'trojan', params: { sni: 't.example.com' } }));
    const body = (await feed(t, n, 'GET', 'user')).body;
    const list = v2bxUsers(body);
    expect(list.ok && list.value.find((u) => u.Id === userId)).toEqual({
      Id: userId,
      Uuid: uuid,
      SpeedLimit: 10,
      DeviceLimit: expect.any(Number) as number,
    });
    const xr = xrayrUsers({ nodeType: 'Trojan' }, body);
    expect(xr.ok && xr.value.find((u) => u.uid === userId)).toMatchObject({
      uuid,
      speedLimit: 1_250_000,
      deviceLimit: 0,
    });

    await enableNode(t.app.services.db, n.key, false, { ...OPS, now: t.clock.now });
    const empty = (await feed(t, n, 'GET', 'user')).body;
    expect(v2bxUsers(empty)).toEqual({ ok: true, value: [] });
    expect(xrayrUsers({ nodeType: 'Trojan' }, empty)).toEqual({
      ok: false,
      error: 'users is null',
    });
  });
});
