import type { ValidationError } from './validation-error.ts';

/**
 * What a VPN node's definition may be (operators add them: `pnpm ops nodes add`, the console):
 * a key the feed and subscriptions name it by, a name members read, an ISO region, an address
 * and port, and a port speed. The protocol's own settings are checked by the server against
 * what node software reads (apps/api/src/nodes/node-params.ts).
 */
export const NODE_PROTOCOLS = ['vless', 'vmess', 'trojan', 'shadowsocks', 'hysteria2'] as const;
export type NodeProtocol = (typeof NODE_PROTOCOLS)[number];

/** Which plan's members get a node; Standard members get Lite nodes too. */
export const NODE_ACCESS_LEVELS = ['standard', 'lite'] as const;

export const NODE_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const NODE_NAME_MAX = 64;
export const NODE_CAPACITY_MBPS_MAX = 400_000;
export const NODE_PORT_MAX = 65_535;

const HOST_PATTERN =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const IPV6_PATTERN = /^[0-9a-fA-F:]+$/;

export interface NodeFields {
  key: string;
  name: string;
  region: string;
  host: string;
  port: number;
  /** Absent: the default port speed. */
  capacityMbps?: number | undefined;
}

export type NodeField = keyof NodeFields;

const whole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** The problem of each field of a node's definition (a validation code); empty when it is valid. */
export function nodeFieldErrors(node: NodeFields): Partial<Record<NodeField, ValidationError>> {
  const errors: Partial<Record<NodeField, ValidationError>> = {};
  if (!NODE_KEY_PATTERN.test(node.key)) errors.key = 'node_key_invalid';
  const name = node.name.trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (name === '' || name.length > NODE_NAME_MAX || /[\u0000-\u001f\u007f,]/.test(name))
    errors.name = 'node_name_invalid';
  if (!/^[A-Z]{2}$/.test(node.region)) errors.region = 'region_invalid';
  if (!HOST_PATTERN.test(node.host) && !(node.host.includes(':') && IPV6_PATTERN.test(node.host)))
    errors.host = 'host_invalid';
  if (!whole(node.port, 1, NODE_PORT_MAX)) errors.port = 'port_invalid';
  if (node.capacityMbps !== undefined && !whole(node.capacityMbps, 1, NODE_CAPACITY_MBPS_MAX))
    errors.capacityMbps = 'capacity_invalid';
  return errors;
}

/**
 * REALITY settings (VLESS): the node answers handshakes that are not ours by forwarding them to a
 * real site, the target, named by the node's SNI. One source of truth: the target is the SNI and
 * a port (443 unless given), which is what Xboard sends (`server_name`, `server_port`) and what
 * V2bX and XrayR join into Xray's `dest`. The operator gives the X25519 private key (base64url,
 * 32 bytes, as `xray x25519` prints it); members' clients get the public key derived from it.
 */
export const REALITY_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A short id: 0 to 8 bytes in lower-case hex, as Xray accepts. */
export const REALITY_SHORT_ID_PATTERN = /^([0-9a-f]{2}){0,8}$/;
export const REALITY_TARGET_PORT_DEFAULT = 443;

export interface RealityFields {
  /** The target site, which members' clients also present as SNI. */
  sni: string;
  privateKey?: string | undefined;
  /** When the operator gives it too, it must be the one derived from the private key. */
  publicKey?: string | undefined;
  shortId?: string | undefined;
  targetPort?: number | undefined;
}

export type RealityField = keyof RealityFields;

/** The problem of each REALITY field (a validation code); empty when they are valid. */
export function realityFieldErrors(
  reality: RealityFields,
): Partial<Record<RealityField, ValidationError>> {
  const errors: Partial<Record<RealityField, ValidationError>> = {};
  // The target must be a name: a client presents it as SNI, which is never an address.
  if (!HOST_PATTERN.test(reality.sni) || /^[0-9.]+$/.test(reality.sni)) errors.sni = 'host_invalid';
  if (reality.privateKey === undefined || !REALITY_KEY_PATTERN.test(reality.privateKey))
    errors.privateKey = 'reality_key_invalid';
  if (reality.publicKey !== undefined && !REALITY_KEY_PATTERN.test(reality.publicKey))
    errors.publicKey = 'reality_key_invalid';
  if (reality.shortId !== undefined && !REALITY_SHORT_ID_PATTERN.test(reality.shortId))
    errors.shortId = 'reality_short_id_invalid';
  if (reality.targetPort !== undefined && !whole(reality.targetPort, 1, NODE_PORT_MAX))
    errors.targetPort = 'port_invalid';
  return errors;
}

/**
 * Shadowsocks ciphers the node software runs, with the key length in bytes of the 2022 ones
 * (0: a classic AEAD cipher, each member's password is their UUID). V2bX runs all of them;
 * XrayR the same set.
 */
export const SHADOWSOCKS_CIPHERS = {
  '2022-blake3-aes-128-gcm': 16,
  '2022-blake3-aes-256-gcm': 32,
  '2022-blake3-chacha20-poly1305': 32,
  'aes-128-gcm': 0,
  'aes-256-gcm': 0,
  'chacha20-ietf-poly1305': 0,
} as const;
export type ShadowsocksCipher = keyof typeof SHADOWSOCKS_CIPHERS;

export function isShadowsocksCipher(value: string): value is ShadowsocksCipher {
  return Object.hasOwn(SHADOWSOCKS_CIPHERS, value);
}

/** Bytes of a base64 text, or null when it is not base64. */
function base64Bytes(text: string): number | null {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)) return null;
  return atob(text).length;
}

/**
 * The problem of a Shadowsocks node's fields: a 2022 cipher needs a server key of its length
 * (base64, as `openssl rand -base64 16/32` prints one); a classic cipher takes none.
 */
export function shadowsocksFieldErrors(ss: {
  method: string;
  serverKey?: string | undefined;
}): Partial<Record<'method' | 'serverKey', ValidationError>> {
  if (!isShadowsocksCipher(ss.method)) return { method: 'ss_cipher_invalid' };
  const bytes = SHADOWSOCKS_CIPHERS[ss.method];
  const given = ss.serverKey === undefined ? null : base64Bytes(ss.serverKey);
  if (bytes === 0) return ss.serverKey === undefined ? {} : { serverKey: 'ss_server_key_invalid' };
  return given === bytes ? {} : { serverKey: 'ss_server_key_invalid' };
}

/**
 * VMess settings: AEAD only (alterId 0, which is all V2bX and XrayR add users with), TLS
 * optional. With TLS the node needs a name its certificate carries, which members' clients
 * present as SNI; without TLS there is no SNI to give.
 */
export interface VmessFields {
  tls?: boolean | undefined;
  sni?: string | undefined;
  alterId?: number | undefined;
}

export type VmessField = keyof VmessFields;

/** The problem of each VMess field (a validation code); empty when they are valid. */
export function vmessFieldErrors(vmess: VmessFields): Partial<Record<VmessField, ValidationError>> {
  const errors: Partial<Record<VmessField, ValidationError>> = {};
  if (vmess.alterId !== undefined && vmess.alterId !== 0) errors.alterId = 'vmess_alter_id_invalid';
  if (vmess.tls === true) {
    if (vmess.sni === undefined) errors.sni = 'vmess_sni_required';
    else if (!HOST_PATTERN.test(vmess.sni) || /^[0-9.]+$/.test(vmess.sni))
      errors.sni = 'host_invalid';
  } else if (vmess.sni !== undefined) {
    errors.sni = 'vmess_sni_without_tls';
  }
  return errors;
}

/** Why a node's settings need V2bX: what XrayR's panel client cannot serve (docs/nodes.md). */
export type XrayrLimit = 'trojan_transport' | 'hysteria2';

/**
 * What of a node's settings XrayR cannot serve, read from its `NewV2board` client: it reads no
 * transport for Trojan (a WebSocket or gRPC Trojan node is served as plain TCP, and members
 * cannot connect), and it has no Hysteria2. Empty: XrayR and V2bX both serve it.
 */
export function xrayrLimits(protocol: NodeProtocol, params: unknown): XrayrLimit[] {
  if (protocol === 'hysteria2') return ['hysteria2'];
  const transport =
    typeof params === 'object' && params !== null
      ? (params as { transport?: { type?: unknown } }).transport
      : undefined;
  if (protocol === 'trojan' && typeof transport?.type === 'string' && transport.type !== 'tcp')
    return ['trojan_transport'];
  return [];
}
