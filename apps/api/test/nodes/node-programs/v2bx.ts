import { go, unmarshal, type GoType } from './go-json.ts';

/**
 * V2bX (wyx2685/V2bX, the Xray core) reading a UniProxy panel, modelled from its own code, never
 * copied: the structs of `api/panel/node.go` and `user.go` with their json tags (decoded with
 * goccy/go-json, which follows encoding/json), `GetNodeInfo`'s choice of struct by node type and
 * its fall-backs (`networkSettings` over `network_settings`, `tlsSettings` over `tls_settings`),
 * the inbound `core/xray/inbound.go` builds from it (REALITY `dest` is `tls_settings.dest`, or
 * `server_name` when empty, then ":" and `tls_settings.server_port`), and each member's
 * credentials (`core/xray/user.go`, `ss.go`, `vmess.go`, `trojan.go`).
 */

const Route = go.struct('Route', [
  { name: 'Id', json: 'id', type: go.int },
  { name: 'Match', json: 'match', type: go.any },
  { name: 'Action', json: 'action', type: go.string },
  { name: 'ActionValue', json: 'action_value', type: go.string },
]);
const BaseConfig = go.struct('BaseConfig', [
  { name: 'PushInterval', json: 'push_interval', type: go.any },
  { name: 'PullInterval', json: 'pull_interval', type: go.any },
]);
const CommonNode = go.struct('CommonNode', [
  { name: 'Host', json: 'host', type: go.string },
  { name: 'ServerPort', json: 'server_port', type: go.int },
  { name: 'ServerName', json: 'server_name', type: go.string },
  { name: 'Routes', json: 'routes', type: go.slice(Route) },
  { name: 'BaseConfig', json: 'base_config', type: go.ptr(BaseConfig) },
]);
const TlsSettings = go.struct('TlsSettings', [
  { name: 'ServerName', json: 'server_name', type: go.string },
  { name: 'Dest', json: 'dest', type: go.string },
  { name: 'ServerPort', json: 'server_port', type: go.string },
  { name: 'ShortId', json: 'short_id', type: go.string },
  { name: 'PrivateKey', json: 'private_key', type: go.string },
  { name: 'Xver', json: 'xver', asString: true, type: go.uint64 },
]);
const VAllssNode = go.struct('VAllssNode', [
  { name: 'CommonNode', embedded: true, type: CommonNode },
  { name: 'Tls', json: 'tls', type: go.int },
  { name: 'TlsSettings', json: 'tls_settings', type: TlsSettings },
  { name: 'TlsSettingsBack', json: 'tlsSettings', type: go.ptr(TlsSettings) },
  { name: 'Network', json: 'network', type: go.string },
  { name: 'NetworkSettings', json: 'network_settings', type: go.raw },
  { name: 'NetworkSettingsBack', json: 'networkSettings', type: go.raw },
  { name: 'ServerName', json: 'server_name', type: go.string },
  { name: 'Flow', json: 'flow', type: go.string },
]);
const ShadowsocksNode = go.struct('ShadowsocksNode', [
  { name: 'CommonNode', embedded: true, type: CommonNode },
  { name: 'Cipher', json: 'cipher', type: go.string },
  { name: 'ServerKey', json: 'server_key', type: go.string },
]);
const TrojanNode = go.struct('TrojanNode', [
  { name: 'CommonNode', embedded: true, type: CommonNode },
  { name: 'Network', json: 'network', type: go.string },
  { name: 'NetworkSettings', json: 'networkSettings', type: go.raw },
]);
const Hysteria2Node = go.struct('Hysteria2Node', [
  { name: 'CommonNode', embedded: true, type: CommonNode },
  { name: 'UpMbps', json: 'up_mbps', type: go.int },
  { name: 'DownMbps', json: 'down_mbps', type: go.int },
  { name: 'ObfsType', json: 'obfs', type: go.string },
  { name: 'ObfsPassword', json: 'obfs-password', type: go.string },
]);
const UserInfo = go.struct('UserInfo', [
  { name: 'Id', json: 'id', type: go.int },
  { name: 'Uuid', json: 'uuid', type: go.string },
  { name: 'SpeedLimit', json: 'speed_limit', type: go.int },
  { name: 'DeviceLimit', json: 'device_limit', type: go.int },
]);
const UserListBody = go.struct('UserListBody', [
  { name: 'Users', json: 'users', type: go.slice(UserInfo) },
]);

export interface V2bxCommonNode {
  Host: string;
  ServerPort: number;
  ServerName: string;
  Routes: unknown[] | null;
  BaseConfig: { PushInterval: unknown; PullInterval: unknown } | null;
}
export interface V2bxTlsSettings {
  ServerName: string;
  Dest: string;
  ServerPort: string;
  ShortId: string;
  PrivateKey: string;
  Xver: number;
}
export interface V2bxVAllssNode {
  CommonNode: V2bxCommonNode;
  Tls: number;
  TlsSettings: V2bxTlsSettings;
  TlsSettingsBack: V2bxTlsSettings | null;
  Network: string;
  /** Raw JSON text, as json.RawMessage keeps it (null when absent). */
  NetworkSettings: string | null;
  NetworkSettingsBack: string | null;
  ServerName: string;
  Flow: string;
}
export interface V2bxShadowsocksNode {
  CommonNode: V2bxCommonNode;
  Cipher: string;
  ServerKey: string;
}
export interface V2bxTrojanNode {
  CommonNode: V2bxCommonNode;
  Network: string;
  NetworkSettings: string | null;
}
export interface V2bxHysteria2Node {
  CommonNode: V2bxCommonNode;
  UpMbps: number;
  DownMbps: number;
  ObfsType: string;
  ObfsPassword: string;
}
export interface V2bxUserInfo {
  Id: number;
  Uuid: string;
  SpeedLimit: number;
  DeviceLimit: number;
}

export type V2bxNodeType = 'vmess' | 'vless' | 'trojan' | 'shadowsocks' | 'hysteria2';

/** The `node_type` V2bX sends for its `NodeType` setting (lower-cased; "v2ray" asks as vmess). */
export function v2bxNodeType(setting: string): string {
  const type = setting.toLowerCase();
  return type === 'v2ray' ? 'vmess' : type;
}

export type V2bxNodeInfo =
  | { type: 'vmess' | 'vless'; security: number; node: V2bxVAllssNode }
  | { type: 'shadowsocks'; security: 0; node: V2bxShadowsocksNode }
  | { type: 'trojan'; security: 1; node: V2bxTrojanNode }
  | { type: 'hysteria2'; security: 1; node: V2bxHysteria2Node };

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

const STRUCTS: Record<V2bxNodeType, [GoType, string]> = {
  vmess: [VAllssNode, 'v2ray'],
  vless: [VAllssNode, 'v2ray'],
  shadowsocks: [ShadowsocksNode, 'shadowsocks'],
  trojan: [TrojanNode, 'trojan'],
  hysteria2: [Hysteria2Node, 'hysteria2'],
};

/** `GetNodeInfo`: the config answer decoded for a node type; any decoding error refuses it. */
export function v2bxNodeInfo(nodeType: V2bxNodeType, body: string): Outcome<V2bxNodeInfo> {
  const [struct, label] = STRUCTS[nodeType];
  const decoded = unmarshal<Record<string, unknown>>(body, struct);
  const first = decoded.errors[0];
  if (first !== undefined) return { ok: false, error: `decode ${label} params error: ${first}` };
  const node = decoded.value;
  switch (nodeType) {
    case 'vmess':
    case 'vless': {
      const v = node as unknown as V2bxVAllssNode;
      if (v.NetworkSettingsBack !== null && v.NetworkSettingsBack.length > 0) {
        v.NetworkSettings = v.NetworkSettingsBack;
        v.NetworkSettingsBack = null;
      }
      if (v.TlsSettingsBack !== null) {
        v.TlsSettings = v.TlsSettingsBack;
        v.TlsSettingsBack = null;
      }
      return { ok: true, value: { type: nodeType, security: v.Tls, node: v } };
    }
    case 'shadowsocks':
      return {
        ok: true,
        value: { type: nodeType, security: 0, node: node as unknown as V2bxShadowsocksNode },
      };
    case 'trojan':
      return {
        ok: true,
        value: { type: nodeType, security: 1, node: node as unknown as V2bxTrojanNode },
      };
    case 'hysteria2':
      return {
        ok: true,
        value: { type: nodeType, security: 1, node: node as unknown as V2bxHysteria2Node },
      };
  }
}

/** `intervalToTime`: a base_config interval in seconds (numbers and numeric strings). */
export function v2bxInterval(value: unknown): number {
  if (typeof value === 'number') return Math.trunc(value);
  if (typeof value === 'string') return /^-?\d+$/.test(value) ? Number(value) : 0;
  return 0;
}

/** Xray's check of a REALITY `dest`: a port, or host:port that splits cleanly. */
export function xrayRealityDestValid(dest: string): boolean {
  if (/^\d+$/.test(dest)) return true;
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]*)):(\d+)$/.exec(dest);
  return m !== null;
}

export interface XrayInbound {
  protocol: string;
  port: number;
  network: string;
  /** The transport's settings as Xray reads them (parsed JSON; null for none). */
  transport: Record<string, unknown> | null;
  security: 'none' | 'tls' | 'reality';
  reality?: {
    dest: string;
    xver: number;
    serverNames: string[];
    privateKey: string;
    shortIds: string[];
  };
  shadowsocks?: { cipher: string; serverKey: string };
}

const NETWORKS = ['tcp', 'ws', 'grpc', 'httpupgrade', 'splithttp', 'xhttp'];

/** `buildInbound` for the Xray core, with the checks Xray makes when it starts the inbound. */
export function v2bxXrayInbound(info: V2bxNodeInfo): Outcome<XrayInbound> {
  if (info.type === 'hysteria2') return { ok: false, error: 'hysteria2 runs on the sing-box core' };
  const common = info.node.CommonNode;
  const base = { port: common.ServerPort, security: 'none' as const };
  let inbound: XrayInbound;
  if (info.type === 'shadowsocks') {
    inbound = {
      ...base,
      protocol: 'shadowsocks',
      network: 'tcp',
      transport: null,
      shadowsocks: { cipher: info.node.Cipher, serverKey: info.node.ServerKey },
    };
  } else {
    const network = info.type === 'trojan' ? info.node.Network || 'tcp' : info.node.Network;
    const raw = info.node.NetworkSettings;
    // VMess/VLESS without settings get no stream settings at all; Trojan always gets them.
    const checked = info.type === 'trojan' || (raw !== null && raw.length > 0);
    const known = info.type === 'trojan' ? ['tcp', 'ws', 'grpc'] : NETWORKS;
    if (checked && !known.includes(network))
      return { ok: false, error: 'the network type is not vail' };
    inbound = {
      ...base,
      protocol: info.type,
      network,
      transport: raw === null ? null : (JSON.parse(raw) as Record<string, unknown> | null),
    };
  }
  if (info.security === 1) inbound.security = 'tls';
  if (info.security === 2 && (info.type === 'vless' || info.type === 'vmess')) {
    const tls = info.node.TlsSettings;
    const dest = `${tls.Dest || tls.ServerName}:${tls.ServerPort}`;
    if (!xrayRealityDestValid(dest))
      return { ok: false, error: `please fill in a valid value for "dest": ${dest}` };
    if (!/^[A-Za-z0-9_-]{43}$/.test(tls.PrivateKey))
      return { ok: false, error: 'invalid "privateKey"' };
    if (!/^([0-9a-f]{2}){0,8}$/.test(tls.ShortId))
      return { ok: false, error: `invalid "shortIds": ${tls.ShortId}` };
    inbound.security = 'reality';
    inbound.reality = {
      dest,
      xver: tls.Xver,
      serverNames: [tls.ServerName],
      privateKey: tls.PrivateKey,
      shortIds: [tls.ShortId],
    };
  }
  return { ok: true, value: inbound };
}

/** `GetUserList`: the user list answer decoded. */
export function v2bxUsers(body: string): Outcome<V2bxUserInfo[]> {
  const decoded = unmarshal<{ Users: V2bxUserInfo[] | null }>(body, UserListBody);
  const first = decoded.errors[0];
  if (first !== undefined) return { ok: false, error: `unmarshal user list error: ${first}` };
  return { ok: true, value: decoded.value.Users ?? [] };
}

/** The Shadowsocks 2022 key length V2bX uses per cipher (0 for the others). */
export function v2bxSs2022KeyLength(cipher: string): number {
  switch (cipher) {
    case '2022-blake3-aes-128-gcm':
      return 16;
    case '2022-blake3-aes-256-gcm':
    case '2022-blake3-chacha20-poly1305':
      return 32;
    default:
      return 0;
  }
}

export type V2bxUserAccount =
  | { protocol: 'vless'; id: string; flow: string }
  | { protocol: 'vmess'; id: string; security: 'auto' }
  | { protocol: 'trojan'; password: string }
  | { protocol: 'hysteria2'; password: string }
  | { protocol: 'shadowsocks'; cipher: string; password: string }
  | { protocol: 'shadowsocks2022'; key: string };

/** The account V2bX adds to the core for a member of the feed. */
export function v2bxUserAccount(info: V2bxNodeInfo, user: V2bxUserInfo): V2bxUserAccount {
  switch (info.type) {
    case 'vless':
      return { protocol: 'vless', id: user.Uuid, flow: info.node.Flow };
    case 'vmess':
      return { protocol: 'vmess', id: user.Uuid, security: 'auto' };
    case 'trojan':
      return { protocol: 'trojan', password: user.Uuid };
    case 'hysteria2':
      return { protocol: 'hysteria2', password: user.Uuid };
    case 'shadowsocks': {
      if (info.node.ServerKey === '')
        return { protocol: 'shadowsocks', cipher: info.node.Cipher, password: user.Uuid };
      const length = v2bxSs2022KeyLength(info.node.Cipher);
      return {
        protocol: 'shadowsocks2022',
        key: Buffer.from(user.Uuid.slice(0, length)).toString('base64'),
      };
    }
  }
}
