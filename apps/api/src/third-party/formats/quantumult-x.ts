import type { ResolvedProxy } from '../../nodes/index.ts';
import { hostPort, lineName, options, shadowsocksReadable } from './line-format.ts';
import type { SubscriptionProfile } from './profile.ts';

/**
 * Quantumult X server list (a `server_remote` resource): one `type=host:port, ...` line per
 * proxy, its name in `tag=`. Read by Quantumult X 1.5 and later: Shadowsocks AEAD (not 2022),
 * Trojan and VLESS over TLS or WebSocket, VMess (AEAD) over TCP or WebSocket with or without
 * TLS, VLESS REALITY (`reality-base64-pubkey`,
 * `reality-hex-shortid`, `vless-flow`). No gRPC and no Hysteria2: those proxies are left out.
 * Groups and rules stay the member's own (Quantumult X keeps them in its main profile).
 */

type Tls = Extract<ResolvedProxy, { protocol: 'vless' | 'trojan' }>;

/** TLS, WebSocket or REALITY options of a VLESS or Trojan line; undefined for gRPC. */
function transportOptions(proxy: Tls): string[] | undefined {
  const transport = proxy.transport;
  if (transport?.type === 'grpc') return undefined;
  const reality = proxy.tls.reality;
  if (transport?.type === 'ws') {
    if (reality) return undefined;
    return options([
      ['obfs', 'wss'],
      ['obfs-host', transport.host ?? proxy.tls.sni],
      ['obfs-uri', transport.path],
      ['tls-verification', true],
    ]);
  }
  return options([
    [
      proxy.protocol === 'trojan' ? 'over-tls' : 'obfs',
      proxy.protocol === 'trojan' ? true : 'over-tls',
    ],
    [proxy.protocol === 'trojan' ? 'tls-host' : 'obfs-host', proxy.tls.sni],
    ['tls-verification', true],
    ['reality-base64-pubkey', reality?.publicKey],
    ['reality-hex-shortid', reality?.shortId],
  ]);
}

/** VMess: `obfs` says the transport (over-tls, ws, wss; none for plain TCP). */
function vmessOptions(proxy: Extract<ResolvedProxy, { protocol: 'vmess' }>): string[] | undefined {
  const transport = proxy.transport;
  if (transport?.type === 'grpc') return undefined;
  const tls = proxy.tls;
  if (transport?.type === 'ws')
    return options([
      ['obfs', tls ? 'wss' : 'ws'],
      ['obfs-host', transport.host ?? tls?.sni],
      ['obfs-uri', transport.path],
      ['tls-verification', tls ? true : undefined],
    ]);
  if (!tls) return [];
  return options([
    ['obfs', 'over-tls'],
    ['obfs-host', tls.sni],
    ['tls-verification', true],
  ]);
}

export function quantumultXLine(proxy: ResolvedProxy): string | undefined {
  const tag = `tag=${lineName(proxy.name)}`;
  const at = hostPort(proxy.server, proxy.port);
  switch (proxy.protocol) {
    case 'shadowsocks':
      if (!shadowsocksReadable(proxy, { ss2022: false })) return undefined;
      return [
        `shadowsocks=${at}`,
        ...options([
          ['method', proxy.method],
          ['password', proxy.password],
          ['udp-relay', true],
        ]),
        tag,
      ].join(', ');
    case 'trojan': {
      const rest = transportOptions(proxy);
      if (!rest) return undefined;
      return [`trojan=${at}`, `password=${proxy.password}`, ...rest, tag].join(', ');
    }
    case 'vless': {
      const rest = transportOptions(proxy);
      if (!rest) return undefined;
      return [
        `vless=${at}`,
        'method=none',
        `password=${proxy.uuid}`,
        ...rest,
        ...options([['vless-flow', proxy.flow]]),
        tag,
      ].join(', ');
    }
    case 'vmess': {
      const rest = vmessOptions(proxy);
      if (!rest) return undefined;
      return [
        `vmess=${at}`,
        'method=chacha20-ietf-poly1305',
        `password=${proxy.uuid}`,
        ...rest,
        'aead=true',
        'udp-relay=true',
        tag,
      ].join(', ');
    }
    case 'hysteria2':
      return undefined;
  }
}

export const quantumultXReads = (proxy: ResolvedProxy): boolean =>
  quantumultXLine(proxy) !== undefined;

export function quantumultXList(profile: SubscriptionProfile): string {
  return `${profile.proxies.flatMap((proxy) => quantumultXLine(proxy) ?? []).join('\n')}\n`;
}
