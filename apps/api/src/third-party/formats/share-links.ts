import {
  isSs2022,
  type ResolvedProxy,
  type TlsOptions,
  type Transport,
} from '../../nodes/index.ts';
import type { SubscriptionProfile } from './profile.ts';

/**
 * Share URIs (the de-facto formats of Xray/v2rayN for vless and trojan, v2rayN's base64 JSON
 * (version 2) for vmess, SIP002 for Shadowsocks, the Hysteria2 URI scheme), one per line, base64-encoded as a whole: what
 * Shadowrocket, v2rayN, v2rayNG, Hiddify and most other clients import.
 */

const hostPart = (host: string) => (host.includes(':') ? `[${host}]` : host);
const fragment = (name: string) => `#${encodeURIComponent(name)}`;

function query(entries: Array<[string, string | undefined]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries)
    if (value !== undefined && value !== '') params.set(key, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function tlsQuery(tls: TlsOptions): Array<[string, string | undefined]> {
  return [
    ['security', tls.reality ? 'reality' : 'tls'],
    ['sni', tls.sni],
    ['fp', tls.fingerprint],
    ['pbk', tls.reality?.publicKey],
    ['sid', tls.reality?.shortId],
  ];
}

function transportQuery(transport: Transport | undefined): Array<[string, string | undefined]> {
  if (!transport) return [['type', 'tcp']];
  if (transport.type === 'ws')
    return [
      ['type', 'ws'],
      ['path', transport.path],
      ['host', transport.host],
    ];
  return [
    ['type', 'grpc'],
    ['serviceName', transport.serviceName],
  ];
}

/**
 * v2rayN's `vmess://` link: the base64 of a JSON object (v "2"), every value a string: name,
 * address, port, id, alterId, cipher, network with its camouflage type, host and path (gRPC: the
 * service name), and TLS with its SNI.
 */
function vmessLink(proxy: Extract<ResolvedProxy, { protocol: 'vmess' }>): string {
  const t = proxy.transport;
  const json = {
    v: '2',
    ps: proxy.name,
    add: proxy.server,
    port: String(proxy.port),
    id: proxy.uuid,
    aid: String(proxy.alterId),
    scy: proxy.cipher,
    net: t?.type ?? 'tcp',
    type: t?.type === 'grpc' ? 'gun' : 'none',
    host: t?.type === 'ws' ? (t.host ?? '') : '',
    path: t?.type === 'ws' ? t.path : t?.type === 'grpc' ? t.serviceName : '',
    tls: proxy.tls ? 'tls' : '',
    sni: proxy.tls?.sni ?? '',
    fp: proxy.tls?.fingerprint ?? '',
  };
  return `vmess://${Buffer.from(JSON.stringify(json), 'utf8').toString('base64')}`;
}

export function shareLink(proxy: ResolvedProxy): string {
  const address = `${hostPart(proxy.server)}:${proxy.port}`;
  switch (proxy.protocol) {
    case 'vless':
      return `vless://${proxy.uuid}@${address}${query([['encryption', 'none'], ['flow', proxy.flow], ...tlsQuery(proxy.tls), ...transportQuery(proxy.transport)])}${fragment(proxy.name)}`;
    case 'vmess':
      return vmessLink(proxy);
    case 'trojan':
      return `trojan://${encodeURIComponent(proxy.password)}@${address}${query([...tlsQuery(proxy.tls), ...transportQuery(proxy.transport)])}${fragment(proxy.name)}`;
    case 'shadowsocks': {
      // SIP002: base64url user info for classic ciphers; 2022 ciphers use percent-encoding.
      const userInfo = isSs2022(proxy.method)
        ? `${encodeURIComponent(proxy.method)}:${encodeURIComponent(proxy.password)}`
        : Buffer.from(`${proxy.method}:${proxy.password}`).toString('base64url');
      return `ss://${userInfo}@${address}${fragment(proxy.name)}`;
    }
    case 'hysteria2':
      return `hysteria2://${encodeURIComponent(proxy.password)}@${address}/${query([
        ['sni', proxy.sni],
        ['obfs', proxy.obfsPassword ? 'salamander' : undefined],
        ['obfs-password', proxy.obfsPassword],
      ])}${fragment(proxy.name)}`;
  }
}

export function shareLinkList(profile: SubscriptionProfile): string {
  return Buffer.from(profile.proxies.map(shareLink).join('\n'), 'utf8').toString('base64');
}
