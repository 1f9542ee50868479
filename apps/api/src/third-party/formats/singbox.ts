import type { ResolvedProxy, TlsOptions, Transport } from '../../nodes/index.ts';
import {
  LATENCY_TEST_INTERVAL_S,
  LATENCY_TEST_URL,
  SELECT_GROUP,
  type SubscriptionProfile,
} from './profile.ts';

/**
 * sing-box JSON (also SFA, SFI, SFM), written for sing-box 1.11 and later: rule actions
 * (sniff, hijack-dns) instead of the removed special outbounds, `address` on the tun inbound.
 * Hysteria2 carries the speed limit as up_mbps/down_mbps.
 */

type Outbound = Record<string, unknown>;

function tls(options: TlsOptions): Outbound {
  return {
    enabled: true,
    server_name: options.sni,
    ...(options.fingerprint ? { utls: { enabled: true, fingerprint: options.fingerprint } } : {}),
    ...(options.reality
      ? {
          reality: {
            enabled: true,
            public_key: options.reality.publicKey,
            short_id: options.reality.shortId,
          },
        }
      : {}),
  };
}

function transport(value: Transport | undefined): Outbound {
  if (!value) return {};
  if (value.type === 'ws')
    return {
      transport: {
        type: 'ws',
        path: value.path,
        ...(value.host ? { headers: { Host: value.host } } : {}),
      },
    };
  return { transport: { type: 'grpc', service_name: value.serviceName } };
}

export function singboxOutbound(proxy: ResolvedProxy): Outbound {
  const base = { tag: proxy.name, server: proxy.server, server_port: proxy.port };
  switch (proxy.protocol) {
    case 'vless':
      return {
        type: 'vless',
        ...base,
        uuid: proxy.uuid,
        ...(proxy.flow ? { flow: proxy.flow } : {}),
        tls: tls(proxy.tls),
        ...transport(proxy.transport),
      };
    case 'vmess':
      return {
        type: 'vmess',
        ...base,
        uuid: proxy.uuid,
        security: proxy.cipher,
        alter_id: proxy.alterId,
        ...(proxy.tls ? { tls: tls(proxy.tls) } : {}),
        ...transport(proxy.transport),
      };
    case 'trojan':
      return {
        type: 'trojan',
        ...base,
        password: proxy.password,
        tls: tls(proxy.tls),
        ...transport(proxy.transport),
      };
    case 'shadowsocks':
      return { type: 'shadowsocks', ...base, method: proxy.method, password: proxy.password };
    case 'hysteria2':
      return {
        type: 'hysteria2',
        ...base,
        ...(proxy.upMbps
          ? { up_mbps: proxy.upMbps, down_mbps: proxy.downMbps ?? proxy.upMbps }
          : {}),
        ...(proxy.obfsPassword
          ? { obfs: { type: 'salamander', password: proxy.obfsPassword } }
          : {}),
        password: proxy.password,
        tls: { enabled: true, server_name: proxy.sni, alpn: ['h3'] },
      };
  }
}

export function singboxConfig(profile: SubscriptionProfile): string {
  const names = profile.proxies.map((p) => p.name);
  const groups: Outbound[] = profile.placeholder
    ? [{ type: 'selector', tag: SELECT_GROUP, outbounds: names }]
    : [
        {
          type: 'selector',
          tag: SELECT_GROUP,
          outbounds: [profile.autoGroupName, ...names],
          default: profile.autoGroupName,
        },
        {
          type: 'urltest',
          tag: profile.autoGroupName,
          outbounds: names,
          url: LATENCY_TEST_URL,
          interval: `${LATENCY_TEST_INTERVAL_S}s`,
          tolerance: 50,
        },
      ];
  const config = {
    log: { level: 'warn', timestamp: true },
    inbounds: [
      {
        type: 'tun',
        tag: 'tun-in',
        address: ['172.19.0.1/30', 'fdfe:dcba:9876::1/126'],
        auto_route: true,
        strict_route: true,
      },
      { type: 'mixed', tag: 'mixed-in', listen: '127.0.0.1', listen_port: 2080 },
    ],
    outbounds: [
      ...groups,
      ...profile.proxies.map(singboxOutbound),
      { type: 'direct', tag: 'direct' },
    ],
    route: {
      rules: [
        { action: 'sniff' },
        { protocol: 'dns', action: 'hijack-dns' },
        { ip_is_private: true, outbound: 'direct' },
      ],
      final: SELECT_GROUP,
      auto_detect_interface: true,
    },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
