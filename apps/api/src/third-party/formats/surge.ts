import type { ResolvedProxy } from '../../nodes/index.ts';
import { lineName, options, quoted, shadowsocksReadable } from './line-format.ts';
import {
  LATENCY_TEST_INTERVAL_S,
  LATENCY_TEST_URL,
  PRIVATE_CIDRS,
  SELECT_GROUP,
  type SubscriptionProfile,
} from './profile.ts';

/**
 * Surge (iOS and macOS, version 5) configuration: a managed profile that updates itself from the
 * subscription link. Surge has no VLESS; it reads Shadowsocks (AEAD and 2022), Trojan and VMess
 * (AEAD, `vmess-aead`) over TCP or WebSocket, and Hysteria2 without obfuscation (manual.nssurge.com, "Proxy Policy"). Other
 * proxies are left out; a member with none left gets the placeholder naming the reason.
 */

export function surgeLine(proxy: ResolvedProxy): string | undefined {
  const head = `${lineName(proxy.name)} = `;
  const endpoint = `${proxy.server}, ${proxy.port}`;
  switch (proxy.protocol) {
    case 'shadowsocks':
      if (!shadowsocksReadable(proxy, { ss2022: true })) return undefined;
      return `${head}ss, ${endpoint}, ${options([
        ['encrypt-method', proxy.method],
        ['password', quoted(proxy.password)],
        ['udp-relay', true],
      ]).join(', ')}`;
    case 'trojan': {
      if (proxy.transport?.type === 'grpc') return undefined;
      const ws = proxy.transport?.type === 'ws' ? proxy.transport : undefined;
      return `${head}trojan, ${endpoint}, ${options([
        ['password', quoted(proxy.password)],
        ['sni', proxy.tls.sni],
        ['ws', ws ? true : undefined],
        ['ws-path', ws?.path],
        ['ws-headers', ws?.host ? `Host:${ws.host}` : undefined],
        ['udp-relay', true],
      ]).join(', ')}`;
    }
    case 'vmess': {
      if (proxy.transport?.type === 'grpc') return undefined;
      const ws = proxy.transport?.type === 'ws' ? proxy.transport : undefined;
      return `${head}vmess, ${endpoint}, ${options([
        ['username', proxy.uuid],
        ['ws', ws ? true : undefined],
        ['ws-path', ws?.path],
        ['ws-headers', ws?.host ? `Host:${ws.host}` : undefined],
        ['tls', proxy.tls ? true : undefined],
        ['sni', proxy.tls?.sni],
        ['vmess-aead', true],
        ['udp-relay', true],
      ]).join(', ')}`;
    }
    case 'hysteria2':
      if (proxy.obfsPassword) return undefined;
      return `${head}hysteria2, ${endpoint}, ${options([
        ['password', quoted(proxy.password)],
        ['sni', proxy.sni],
        ['download-bandwidth', proxy.downMbps],
      ]).join(', ')}`;
    case 'vless':
      return undefined;
  }
}

/** Whether Surge can use this proxy (the route leaves the others out). */
export const surgeReads = (proxy: ResolvedProxy): boolean => surgeLine(proxy) !== undefined;

export function surgeConfig(profile: SubscriptionProfile): string {
  const lines = profile.proxies.flatMap((proxy) => surgeLine(proxy) ?? []);
  const names = profile.proxies.filter(surgeReads).map((proxy) => lineName(proxy.name));
  const auto = lineName(profile.autoGroupName);
  const groups = profile.placeholder
    ? [`${SELECT_GROUP} = select, ${names.join(', ')}`]
    : [
        `${SELECT_GROUP} = select, ${[auto, ...names].join(', ')}`,
        `${auto} = url-test, ${names.join(', ')}, url=${LATENCY_TEST_URL}, interval=${LATENCY_TEST_INTERVAL_S}, tolerance=50`,
      ];
  return [
    `#!MANAGED-CONFIG ${profile.managedUrl} interval=${profile.updateIntervalS} strict=false`,
    '',
    '[General]',
    'loglevel = notify',
    `skip-proxy = ${PRIVATE_CIDRS.filter((cidr) => !cidr.includes(':')).join(', ')}, localhost, *.local`,
    '',
    '[Proxy]',
    ...lines,
    '',
    '[Proxy Group]',
    ...groups,
    '',
    '[Rule]',
    ...PRIVATE_CIDRS.map(
      (cidr) => `${cidr.includes(':') ? 'IP-CIDR6' : 'IP-CIDR'},${cidr},DIRECT,no-resolve`,
    ),
    `FINAL,${SELECT_GROUP}`,
    '',
  ].join('\n');
}
