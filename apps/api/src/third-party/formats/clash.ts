import { stringify } from 'yaml';
import type { ResolvedProxy, TlsOptions, Transport } from '../../nodes/index.ts';
import {
  LATENCY_TEST_INTERVAL_S,
  LATENCY_TEST_URL,
  PRIVATE_CIDRS,
  SELECT_GROUP,
  type SubscriptionProfile,
} from './profile.ts';

/**
 * Clash/mihomo (also Stash, Clash Verge, FlClash) YAML. Field names follow the mihomo proxy
 * reference; Hysteria2 carries the speed limit as up/down, which mihomo reads in Mbps.
 */

type ClashProxy = Record<string, unknown>;

function transportFields(transport: Transport | undefined): ClashProxy {
  if (!transport) return { network: 'tcp' };
  if (transport.type === 'ws') {
    return {
      network: 'ws',
      'ws-opts': {
        path: transport.path,
        ...(transport.host ? { headers: { Host: transport.host } } : {}),
      },
    };
  }
  return { network: 'grpc', 'grpc-opts': { 'grpc-service-name': transport.serviceName } };
}

function tlsFields(tls: TlsOptions, sniField: 'servername' | 'sni'): ClashProxy {
  return {
    [sniField]: tls.sni,
    ...(tls.fingerprint ? { 'client-fingerprint': tls.fingerprint } : {}),
    ...(tls.reality
      ? { 'reality-opts': { 'public-key': tls.reality.publicKey, 'short-id': tls.reality.shortId } }
      : {}),
  };
}

export function clashProxy(proxy: ResolvedProxy): ClashProxy {
  const base = { name: proxy.name, server: proxy.server, port: proxy.port, udp: true };
  switch (proxy.protocol) {
    case 'vless':
      return {
        ...base,
        type: 'vless',
        uuid: proxy.uuid,
        tls: true,
        ...(proxy.flow ? { flow: proxy.flow } : {}),
        ...tlsFields(proxy.tls, 'servername'),
        ...transportFields(proxy.transport),
      };
    case 'vmess':
      return {
        ...base,
        type: 'vmess',
        uuid: proxy.uuid,
        alterId: proxy.alterId,
        cipher: proxy.cipher,
        tls: proxy.tls !== undefined,
        ...(proxy.tls ? tlsFields(proxy.tls, 'servername') : {}),
        ...transportFields(proxy.transport),
      };
    case 'trojan':
      return {
        ...base,
        type: 'trojan',
        password: proxy.password,
        ...tlsFields(proxy.tls, 'sni'),
        ...transportFields(proxy.transport),
      };
    case 'shadowsocks':
      return { ...base, type: 'ss', cipher: proxy.method, password: proxy.password };
    case 'hysteria2':
      return {
        ...base,
        type: 'hysteria2',
        password: proxy.password,
        sni: proxy.sni,
        ...(proxy.upMbps
          ? { up: `${proxy.upMbps} Mbps`, down: `${proxy.downMbps ?? proxy.upMbps} Mbps` }
          : {}),
        ...(proxy.obfsPassword ? { obfs: 'salamander', 'obfs-password': proxy.obfsPassword } : {}),
      };
  }
}

export function clashConfig(profile: SubscriptionProfile): string {
  const names = profile.proxies.map((p) => p.name);
  const groups = profile.placeholder
    ? [{ name: SELECT_GROUP, type: 'select', proxies: names }]
    : [
        { name: SELECT_GROUP, type: 'select', proxies: [profile.autoGroupName, ...names] },
        {
          name: profile.autoGroupName,
          type: 'url-test',
          proxies: names,
          url: LATENCY_TEST_URL,
          interval: LATENCY_TEST_INTERVAL_S,
          tolerance: 50,
        },
      ];
  const config = {
    'mixed-port': 7890,
    'allow-lan': false,
    mode: 'rule',
    'log-level': 'warning',
    proxies: profile.proxies.map(clashProxy),
    'proxy-groups': groups,
    rules: [
      ...PRIVATE_CIDRS.map(
        (cidr) => `${cidr.includes(':') ? 'IP-CIDR6' : 'IP-CIDR'},${cidr},DIRECT,no-resolve`,
      ),
      `MATCH,${SELECT_GROUP}`,
    ],
  };
  // Long lines stay on one line and keys keep their order; names with emoji are quoted as needed.
  return stringify(config, { lineWidth: 0 });
}
