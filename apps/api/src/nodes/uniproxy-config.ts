import { realityTargetPort } from './reality.ts';
import type { Transport } from './node-params.ts';
import type { NodeRecord } from './node-store.ts';

/**
 * The UniProxy `config` answer for a node, in the field names Xboard serves and V2bX/XrayR read:
 * `server_port`, `network` and `networkSettings` (also `network_settings`), the TLS mode
 * (`tls`: 0 none, 1 TLS, 2 REALITY) with `tls_settings`, the Shadowsocks `cipher` and 2022 `server_key`,
 * Hysteria2 bandwidth and obfuscation, and `base_config` with the pull and push intervals.
 */

export interface FeedIntervals {
  pushIntervalSeconds: number;
  pullIntervalSeconds: number;
}

function network(transport: Transport | undefined): {
  network: string;
  networkSettings: Record<string, unknown> | null;
} {
  if (!transport) return { network: 'tcp', networkSettings: null };
  if (transport.type === 'ws')
    return {
      network: 'ws',
      networkSettings: {
        path: transport.path,
        ...(transport.host ? { headers: { Host: transport.host } } : {}),
      },
    };
  return { network: 'grpc', networkSettings: { serviceName: transport.serviceName } };
}

export function uniproxyConfig(
  node: NodeRecord,
  capacityMbps: number,
  intervals: FeedIntervals,
): Record<string, unknown> {
  const base = {
    protocol: node.protocol,
    listen_ip: '0.0.0.0',
    server_port: node.port,
    host: node.host,
  };
  const baseConfig = {
    push_interval: intervals.pushIntervalSeconds,
    pull_interval: intervals.pullIntervalSeconds,
  };
  switch (node.protocol) {
    case 'vless': {
      const p = node.params;
      const { network: net, networkSettings } = network(p.transport);
      const reality = p.security === 'reality';
      // As Xboard sends REALITY: the target is server_name and server_port (a string), which V2bX
      // and XrayR join into Xray's dest themselves; no dest and no xver (V2bX reads xver as a
      // string and refuses the whole config for a number).
      const tlsSettings = reality
        ? {
            server_name: p.sni,
            server_port: String(realityTargetPort(p)),
            public_key: p.realityPublicKey ?? '',
            private_key: p.realityPrivateKey ?? '',
            short_id: p.realityShortId ?? '',
          }
        : { server_name: p.sni };
      return {
        ...base,
        network: net,
        networkSettings,
        network_settings: networkSettings,
        tls: reality ? 2 : 1,
        flow: p.flow ?? '',
        server_name: p.sni,
        tls_settings: tlsSettings,
        base_config: baseConfig,
      };
    }
    case 'vmess': {
      // What Xboard sends for VMess (server_port, network, networkSettings, tls as 0 or 1) and
      // what V2bX also reads from the struct it shares with VLESS (network_settings, server_name,
      // tls_settings). No flow and no REALITY: VMess has neither. Each program reads the node's
      // certificate from its own configuration; the members' alterId is 0 (AEAD).
      const p = node.params;
      const { network: net, networkSettings } = network(p.transport);
      const sni = p.tls === true ? (p.sni ?? '') : '';
      return {
        ...base,
        network: net,
        networkSettings,
        network_settings: networkSettings,
        tls: p.tls === true ? 1 : 0,
        server_name: sni,
        tls_settings: { server_name: sni },
        base_config: baseConfig,
      };
    }
    case 'trojan': {
      const p = node.params;
      const { network: net, networkSettings } = network(p.transport);
      return {
        ...base,
        network: net,
        networkSettings,
        network_settings: networkSettings,
        server_name: p.sni,
        base_config: baseConfig,
      };
    }
    case 'shadowsocks': {
      const p = node.params;
      return {
        ...base,
        network: 'tcp',
        networkSettings: null,
        cipher: p.method,
        server_key: p.serverKey ?? null,
        plugin: null,
        plugin_opts: null,
        base_config: baseConfig,
      };
    }
    case 'hysteria2': {
      const p = node.params;
      return {
        ...base,
        network: 'udp',
        networkSettings: null,
        version: 2,
        server_name: p.sni,
        up_mbps: capacityMbps,
        down_mbps: capacityMbps,
        ignore_client_bandwidth: false,
        obfs: p.obfsPassword ? 'salamander' : null,
        'obfs-password': p.obfsPassword ?? null,
        base_config: baseConfig,
      };
    }
  }
}
