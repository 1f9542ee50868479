import { describe, expect, test } from 'vitest';
import {
  nodeFieldErrors,
  realityFieldErrors,
  shadowsocksFieldErrors,
  vmessFieldErrors,
  xrayrLimits,
} from './node-definition.ts';

const node = { key: 'tokyo-1', name: 'Tokyo 1', region: 'JP', host: 'jp1.example.com', port: 443 };

describe('node fields', () => {
  test('a valid node has no problem', () => {
    expect(nodeFieldErrors(node)).toEqual({});
    expect(nodeFieldErrors({ ...node, host: '203.0.113.7', capacityMbps: 10_000 })).toEqual({});
    expect(nodeFieldErrors({ ...node, host: '2001:db8::1' })).toEqual({});
  });

  test.each([
    [{ key: 'Tokyo' }, { key: 'node_key_invalid' }],
    [{ key: '-tokyo' }, { key: 'node_key_invalid' }],
    [{ key: 'a'.repeat(64) }, { key: 'node_key_invalid' }],
    [{ name: ' ' }, { name: 'node_name_invalid' }],
    [{ name: 'Tokyo, 1' }, { name: 'node_name_invalid' }],
    [{ name: 'x'.repeat(65) }, { name: 'node_name_invalid' }],
    [{ region: 'jp' }, { region: 'region_invalid' }],
    [{ region: 'JPN' }, { region: 'region_invalid' }],
    [{ host: 'jp1 example' }, { host: 'host_invalid' }],
    [{ host: '' }, { host: 'host_invalid' }],
    [{ port: 0 }, { port: 'port_invalid' }],
    [{ port: 65_536 }, { port: 'port_invalid' }],
    [{ port: 44.3 }, { port: 'port_invalid' }],
    [{ capacityMbps: 0 }, { capacityMbps: 'capacity_invalid' }],
    [{ capacityMbps: 400_001 }, { capacityMbps: 'capacity_invalid' }],
    [
      { key: '', port: -1 },
      { key: 'node_key_invalid', port: 'port_invalid' },
    ],
  ] as const)('%o: %o', (change, errors) => {
    expect(nodeFieldErrors({ ...node, ...change })).toEqual(errors);
  });
});

const KEY = 'aFGlHbuNwuA0dLZ-TqlnLA2pkTmHmAUwvqnRfEpkwmI';

describe('REALITY fields', () => {
  test('a valid REALITY node has no problem', () => {
    expect(realityFieldErrors({ sni: 'www.example.com', privateKey: KEY })).toEqual({});
    expect(
      realityFieldErrors({
        sni: 'www.example.com',
        privateKey: KEY,
        publicKey: KEY,
        shortId: '0123456789abcdef',
        targetPort: 8443,
      }),
    ).toEqual({});
    expect(realityFieldErrors({ sni: 'a.example', privateKey: KEY, shortId: '' })).toEqual({});
  });

  test.each([
    [{ sni: 'www.example.com:443' }, { sni: 'host_invalid' }],
    [{ sni: '203.0.113.7' }, { sni: 'host_invalid' }],
    [{ privateKey: undefined }, { privateKey: 'reality_key_invalid' }],
    [{ privateKey: `${KEY}=` }, { privateKey: 'reality_key_invalid' }],
    [{ publicKey: 'abc' }, { publicKey: 'reality_key_invalid' }],
    [{ shortId: 'abc' }, { shortId: 'reality_short_id_invalid' }],
    [{ shortId: 'ABCD' }, { shortId: 'reality_short_id_invalid' }],
    [{ shortId: '0123456789abcdef01' }, { shortId: 'reality_short_id_invalid' }],
    [{ targetPort: 0 }, { targetPort: 'port_invalid' }],
    [{ targetPort: 70_000 }, { targetPort: 'port_invalid' }],
  ] as const)('%o: %o', (change, errors) => {
    expect(realityFieldErrors({ sni: 'www.example.com', privateKey: KEY, ...change })).toEqual(
      errors,
    );
  });
});

describe('Shadowsocks fields', () => {
  const key16 = btoa('0123456789abcdef');
  const key32 = btoa('0123456789abcdef0123456789abcdef');
  test.each([
    [{ method: 'aes-256-gcm' }, {}],
    [{ method: 'aes-128-gcm' }, {}],
    [{ method: 'chacha20-ietf-poly1305' }, {}],
    [{ method: '2022-blake3-aes-128-gcm', serverKey: key16 }, {}],
    [{ method: '2022-blake3-aes-256-gcm', serverKey: key32 }, {}],
    [{ method: '2022-blake3-chacha20-poly1305', serverKey: key32 }, {}],
    [{ method: 'rc4-md5' }, { method: 'ss_cipher_invalid' }],
    [{ method: 'toString' }, { method: 'ss_cipher_invalid' }],
    [{ method: 'aes-256-gcm', serverKey: key32 }, { serverKey: 'ss_server_key_invalid' }],
    [{ method: '2022-blake3-aes-128-gcm' }, { serverKey: 'ss_server_key_invalid' }],
    [
      { method: '2022-blake3-aes-128-gcm', serverKey: key32 },
      { serverKey: 'ss_server_key_invalid' },
    ],
    [
      { method: '2022-blake3-aes-256-gcm', serverKey: 'not base64!' },
      { serverKey: 'ss_server_key_invalid' },
    ],
  ] as const)('%o: %o', (ss, errors) => {
    expect(shadowsocksFieldErrors(ss)).toEqual(errors);
  });
});

describe('VMess fields', () => {
  test.each([
    [{}, {}],
    [{ alterId: 0 }, {}],
    [{ tls: true, sni: 'v.example.com' }, {}],
    [{ tls: false }, {}],
    [{ alterId: 64 }, { alterId: 'vmess_alter_id_invalid' }],
    [{ tls: true }, { sni: 'vmess_sni_required' }],
    [{ tls: true, sni: '203.0.113.7' }, { sni: 'host_invalid' }],
    [{ tls: true, sni: 'bad name' }, { sni: 'host_invalid' }],
    [{ sni: 'v.example.com' }, { sni: 'vmess_sni_without_tls' }],
  ])('%j: %j', (fields, errors) => {
    expect(vmessFieldErrors(fields)).toEqual(errors);
  });
});

describe('xrayrLimits', () => {
  test('Trojan over WebSocket or gRPC and Hysteria2 need V2bX; the rest XrayR serves too', () => {
    expect(
      xrayrLimits('trojan', { sni: 'a.example', transport: { type: 'ws', path: '/t' } }),
    ).toEqual(['trojan_transport']);
    expect(xrayrLimits('trojan', { transport: { type: 'grpc', serviceName: 't' } })).toEqual([
      'trojan_transport',
    ]);
    expect(xrayrLimits('trojan', { sni: 'a.example' })).toEqual([]);
    expect(xrayrLimits('hysteria2', { sni: 'a.example' })).toEqual(['hysteria2']);
    expect(xrayrLimits('vless', { transport: { type: 'ws', path: '/v' } })).toEqual([]);
    expect(xrayrLimits('vmess', 'not json')).toEqual([]);
  });
});
