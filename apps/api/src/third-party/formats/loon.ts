import type { ResolvedProxy } from '../../nodes/index.ts';
import { lineName, options, quoted, shadowsocksReadable } from './line-format.ts';
import type { SubscriptionProfile } from './profile.ts';

/**
 * Loon (3.2 and later) node subscription: one `Name = Type,host,port,...` line per proxy.
 * Loon reads Shadowsocks AEAD (not 2022), Trojan and VLESS over TCP or WebSocket with TLS, VMess
 * (alterId 0, AEAD) over TCP or WebSocket with or without TLS,
 * VLESS REALITY (`public-key`, `short-id`, `flow`) and Hysteria2 without obfuscation. No gRPC:
 * those proxies are left out. Groups and rules stay the member's own.
 */

type Tls = Extract<ResolvedProxy, { protocol: 'vless' | 'trojan' }>;

function transportOptions(proxy: Tls): string[] | undefined {
  const transport = proxy.transport;
  if (transport?.type === 'grpc') return undefined;
  const reality = proxy.tls.reality;
  if (transport?.type === 'ws' && reality) return undefined;
  return options([
    ['transport', transport?.type === 'ws' ? 'ws' : 'tcp'],
    ['path', transport?.type === 'ws' ? transport.path : undefined],
    ['host', transport?.type === 'ws' ? transport.host : undefined],
    ['over-tls', true],
    ['sni', proxy.tls.sni],
    ['public-key', reality ? quoted(reality.publicKey) : undefined],
    ['short-id', reality?.shortId],
    ['skip-cert-verify', false],
  ]);
}

export function loonLine(proxy: ResolvedProxy): string | undefined {
  const head = `${lineName(proxy.name)} = `;
  switch (proxy.protocol) {
    case 'shadowsocks':
      if (!shadowsocksReadable(proxy, { ss2022: false })) return undefined;
      return `${head}${['Shadowsocks', proxy.server, proxy.port, proxy.method, quoted(proxy.password), 'udp=true'].join(',')}`;
    case 'trojan': {
      const rest = transportOptions(proxy);
      if (!rest) return undefined;
      return `${head}${['trojan', proxy.server, proxy.port, quoted(proxy.password), ...rest, 'udp=true'].join(',')}`;
    }
    case 'vless': {
      const rest = transportOptions(proxy);
      if (!rest) return undefined;
      return `${head}${['VLESS', proxy.server, proxy.port, quoted(proxy.uuid), ...rest, ...options([['flow', proxy.flow]]), 'udp=true'].join(',')}`;
    }
    case 'vmess': {
      const transport = proxy.transport;
      if (transport?.type === 'grpc') return undefined;
      const ws = transport?.type === 'ws' ? transport : undefined;
      const rest = options([
        ['transport', ws ? 'ws' : 'tcp'],
        ['path', ws?.path],
        ['host', ws?.host],
        ['alterId', proxy.alterId],
        ['over-tls', proxy.tls ? true : undefined],
        ['sni', proxy.tls?.sni],
        ['skip-cert-verify', proxy.tls ? false : undefined],
      ]);
      return `${head}${['vmess', proxy.server, proxy.port, proxy.cipher, quoted(proxy.uuid), ...rest, 'udp=true'].join(',')}`;
    }
    case 'hysteria2':
      if (proxy.obfsPassword) return undefined;
      return `${head}${[
        'Hysteria2',
        proxy.server,
        proxy.port,
        quoted(proxy.password),
        ...options([
          ['sni', proxy.sni],
          ['download-bandwidth', proxy.downMbps],
        ]),
        'udp=true',
      ].join(',')}`;
  }
}

export const loonReads = (proxy: ResolvedProxy): boolean => loonLine(proxy) !== undefined;

export function loonList(profile: SubscriptionProfile): string {
  return `${profile.proxies.flatMap((proxy) => loonLine(proxy) ?? []).join('\n')}\n`;
}
