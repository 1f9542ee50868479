import {
  regionFlag,
  ss2022Password,
  VMESS_ALTER_ID,
  VMESS_SECURITY,
  type NodeCredentials,
} from '@nimbus/domain';
import { isSs2022, ss2022KeyBytes, type Fingerprint, type Transport } from './node-params.ts';
import type { NodeRecord } from './node-store.ts';

/**
 * One proxy of a member's configuration with everything filled in (address, TLS, the member's
 * credentials, the speed limit), independent of the output format. The Clash, sing-box and
 * share-link writers each translate this one shape.
 */
export interface TlsOptions {
  sni: string;
  fingerprint?: Fingerprint | undefined;
  reality?: { publicKey: string; shortId: string } | undefined;
}

interface Endpoint {
  name: string;
  server: string;
  port: number;
}

export type ResolvedProxy =
  | (Endpoint & {
      protocol: 'vless';
      uuid: string;
      flow?: 'xtls-rprx-vision' | undefined;
      tls: TlsOptions;
      transport?: Transport | undefined;
    })
  | (Endpoint & {
      protocol: 'vmess';
      uuid: string;
      /** 0: AEAD, the only kind V2bX and XrayR serve. */
      alterId: typeof VMESS_ALTER_ID;
      /** The cipher, chosen by the client ("auto"). */
      cipher: typeof VMESS_SECURITY;
      /** Absent: VMess without TLS. */
      tls?: TlsOptions | undefined;
      transport?: Transport | undefined;
    })
  | (Endpoint & {
      protocol: 'trojan';
      password: string;
      tls: TlsOptions;
      transport?: Transport | undefined;
    })
  | (Endpoint & { protocol: 'shadowsocks'; method: string; password: string })
  | (Endpoint & {
      protocol: 'hysteria2';
      password: string;
      sni: string;
      obfsPassword?: string | undefined;
      upMbps?: number | undefined;
      downMbps?: number | undefined;
    });

/**
 * The member's proxy for a node. `speedLimitMbps` goes where the protocol carries a bandwidth
 * (Hysteria2's up/down); elsewhere the node enforces it and the profile title says it.
 */
export function resolveProxy(
  node: NodeRecord,
  name: string,
  credentials: NodeCredentials,
  speedLimitMbps: number | null,
): ResolvedProxy {
  const base = { name, server: node.host, port: node.port };
  switch (node.protocol) {
    case 'vless': {
      const p = node.params;
      const reality =
        p.security === 'reality' && p.realityPublicKey
          ? { publicKey: p.realityPublicKey, shortId: p.realityShortId ?? '' }
          : undefined;
      return {
        ...base,
        protocol: 'vless',
        uuid: credentials.uuid,
        flow: p.flow,
        tls: { sni: p.sni, fingerprint: p.fingerprint, reality },
        transport: p.transport,
      };
    }
    case 'vmess': {
      const p = node.params;
      return {
        ...base,
        protocol: 'vmess',
        uuid: credentials.uuid,
        alterId: VMESS_ALTER_ID,
        cipher: VMESS_SECURITY,
        tls: p.tls === true ? { sni: p.sni ?? node.host, fingerprint: p.fingerprint } : undefined,
        transport: p.transport,
      };
    }
    case 'trojan': {
      const p = node.params;
      return {
        ...base,
        protocol: 'trojan',
        password: credentials.password,
        tls: { sni: p.sni, fingerprint: p.fingerprint },
        transport: p.transport,
      };
    }
    case 'shadowsocks': {
      const p = node.params;
      // 2022 multi-user: "<server key>:<user key>"; classic ciphers: the member's own password.
      const password = isSs2022(p.method)
        ? ss2022Password(p.serverKey ?? '', credentials.uuid, ss2022KeyBytes(p.method))
        : credentials.password;
      return { ...base, protocol: 'shadowsocks', method: p.method, password };
    }
    case 'hysteria2': {
      const p = node.params;
      const limit = speedLimitMbps ?? undefined;
      return {
        ...base,
        protocol: 'hysteria2',
        password: credentials.password,
        sni: p.sni,
        obfsPassword: p.obfsPassword,
        upMbps: limit,
        downMbps: limit,
      };
    }
  }
}

/**
 * The one entry of a configuration that cannot be used: its name tells the member why (expired,
 * switched off, link reset). It points at the discard port of the member's own machine, so no
 * real server is named and traffic fails closed instead of leaving unprotected.
 */
export function placeholderProxy(reason: string): ResolvedProxy {
  return {
    name: reason,
    server: '127.0.0.1',
    port: 9,
    protocol: 'shadowsocks',
    method: 'aes-256-gcm',
    password: 'nimbus-unavailable',
  };
}

/** Display names, unique within one configuration (clients key proxies by name). */
export function uniqueNames(nodes: readonly NodeRecord[]): string[] {
  const seen = new Map<string, number>();
  return nodes.map((node) => {
    const name = `${regionFlag(node.region)} ${node.name}`;
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name} (${count})`;
  });
}
