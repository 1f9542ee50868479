import { go, unmarshal } from './go-json.ts';

/**
 * XrayR (XrayR-project/XrayR, panel type `NewV2board`) reading a UniProxy panel, modelled from
 * its own code, never copied: `api/newV2board/model.go`'s `serverConfig` (three embedded structs;
 * `xVer` is unexported, so `xver` is never read), `GetNodeInfo` (encoding/json with the error
 * ignored: a field of the wrong kind is left empty; `server_port` 0 is refused), the parse
 * functions per node type (REALITY dest = `dest` or `server_name`, ":" and `server_port`; Trojan
 * always plain TCP, its SNI from `server_name`; `network_settings` for VLESS, `networkSettings`
 * otherwise) and `GetUserList` (an empty list is an error; `device_limit` is not read).
 */

const HttpSettings = (name: string) =>
  go.struct(name, [
    { name: 'Path', json: 'path', type: go.string },
    { name: 'Host', json: 'host', type: go.string },
    { name: 'Headers', json: 'headers', type: go.ptr(go.raw) },
    { name: 'ServiceName', json: 'serviceName', type: go.string },
    { name: 'Header', json: 'header', type: go.ptr(go.raw) },
  ]);
const shadowsocks = go.struct('shadowsocks', [
  { name: 'Cipher', json: 'cipher', type: go.string },
  { name: 'Obfs', json: 'obfs', type: go.string },
  {
    name: 'ObfsSettings',
    json: 'obfs_settings',
    type: go.struct('ObfsSettings', [
      { name: 'Path', json: 'path', type: go.string },
      { name: 'Host', json: 'host', type: go.string },
    ]),
  },
  { name: 'ServerKey', json: 'server_key', type: go.string },
]);
const v2ray = go.struct('v2ray', [
  { name: 'Network', json: 'network', type: go.string },
  { name: 'NetworkSettings', json: 'networkSettings', type: HttpSettings('NetworkSettings') },
  { name: 'VlessNetworkSettings', json: 'network_settings', type: HttpSettings('NetworkSettings') },
  { name: 'VlessFlow', json: 'flow', type: go.string },
  {
    name: 'VlessTlsSettings',
    json: 'tls_settings',
    type: go.struct('VlessTlsSettings', [
      { name: 'ServerPort', json: 'server_port', type: go.string },
      { name: 'Dest', json: 'dest', type: go.string },
      { name: 'xVer', json: 'xver', type: go.uint64 },
      { name: 'Sni', json: 'server_name', type: go.string },
      { name: 'PrivateKey', json: 'private_key', type: go.string },
      { name: 'ShortId', json: 'short_id', type: go.string },
    ]),
  },
  { name: 'Tls', json: 'tls', type: go.int },
]);
const trojan = go.struct('trojan', [
  { name: 'Host', json: 'host', type: go.string },
  { name: 'ServerName', json: 'server_name', type: go.string },
]);
const serverConfig = go.struct('serverConfig', [
  { name: 'shadowsocks', embedded: true, type: shadowsocks },
  { name: 'v2ray', embedded: true, type: v2ray },
  { name: 'trojan', embedded: true, type: trojan },
  { name: 'ServerPort', json: 'server_port', type: go.int },
  {
    name: 'BaseConfig',
    json: 'base_config',
    type: go.struct('BaseConfig', [
      { name: 'PushInterval', json: 'push_interval', type: go.int },
      { name: 'PullInterval', json: 'pull_interval', type: go.int },
    ]),
  },
  {
    name: 'Routes',
    json: 'routes',
    type: go.slice(
      go.struct('route', [
        { name: 'Id', json: 'id', type: go.int },
        { name: 'Match', json: 'match', type: go.slice(go.string) },
        { name: 'Action', json: 'action', type: go.string },
        { name: 'ActionValue', json: 'action_value', type: go.string },
      ]),
    ),
  },
]);
const userList = go.slice(
  go.struct('user', [
    { name: 'Id', json: 'id', type: go.int },
    { name: 'Uuid', json: 'uuid', type: go.string },
    { name: 'SpeedLimit', json: 'speed_limit', type: go.int },
  ]),
);

interface HttpSettings {
  Path: string;
  Host: string;
  Headers: string | null;
  ServiceName: string;
  Header: string | null;
}
export interface XrayrServerConfig {
  shadowsocks: { Cipher: string; Obfs: string; ServerKey: string };
  v2ray: {
    Network: string;
    NetworkSettings: HttpSettings;
    VlessNetworkSettings: HttpSettings;
    VlessFlow: string;
    VlessTlsSettings: {
      ServerPort: string;
      Dest: string;
      xVer: number;
      Sni: string;
      PrivateKey: string;
      ShortId: string;
    };
    Tls: number;
  };
  trojan: { Host: string; ServerName: string };
  ServerPort: number;
  BaseConfig: { PushInterval: number; PullInterval: number };
}

/** XrayR's `NodeType` setting (its config.yml), with `EnableVless`. */
export interface XrayrSetting {
  nodeType: 'V2ray' | 'Vmess' | 'Vless' | 'Trojan' | 'Shadowsocks';
  enableVless?: boolean;
}

/** The `node_type` XrayR sends: "vless" for V2ray with EnableVless, else the type lower-cased. */
export function xrayrNodeType(setting: XrayrSetting): string {
  if (setting.nodeType === 'V2ray' && setting.enableVless) return 'vless';
  return setting.nodeType.toLowerCase();
}

/** XrayR's api.NodeInfo, the parts the inbound is built from. */
export interface XrayrNodeInfo {
  nodeType: string;
  port: number;
  transportProtocol: string;
  enableTLS: boolean;
  enableREALITY: boolean;
  path: string;
  host: string;
  serviceName: string;
  enableVless: boolean;
  vlessFlow: string;
  cypherMethod: string;
  serverKey: string;
  reality: {
    dest: string;
    xver: number;
    serverNames: string[];
    privateKey: string;
    shortIds: string[];
  };
  /** What encoding/json reported and XrayR ignored: the fields it names were left empty. */
  ignoredErrors: readonly string[];
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

/** `GetNodeInfo` and the parse function of the node type. */
export function xrayrNodeInfo(setting: XrayrSetting, body: string): Outcome<XrayrNodeInfo> {
  const decoded = unmarshal<XrayrServerConfig>(body, serverConfig);
  const s = decoded.value;
  if (s.ServerPort === 0) return { ok: false, error: 'server port must > 0' };
  const enableVless = setting.enableVless === true;
  const base = {
    nodeType: setting.nodeType,
    port: s.ServerPort,
    enableVless: false,
    vlessFlow: '',
    path: '',
    host: '',
    serviceName: '',
    cypherMethod: '',
    serverKey: '',
    enableTLS: false,
    enableREALITY: false,
    reality: { dest: '', xver: 0, serverNames: [], privateKey: '', shortIds: [] },
    ignoredErrors: decoded.errors,
  };
  switch (setting.nodeType) {
    case 'Trojan':
      return {
        ok: true,
        value: {
          ...base,
          transportProtocol: 'tcp',
          enableTLS: true,
          host: s.trojan.Host,
          serviceName: s.trojan.ServerName,
        },
      };
    case 'Shadowsocks':
      return {
        ok: true,
        value: {
          ...base,
          transportProtocol: 'tcp',
          cypherMethod: s.shadowsocks.Cipher,
          serverKey: s.shadowsocks.ServerKey,
        },
      };
    default: {
      const v = s.v2ray;
      const tls = v.VlessTlsSettings;
      const settings = enableVless ? v.VlessNetworkSettings : v.NetworkSettings;
      let host = '';
      if (['ws', 'httpupgrade', 'splithttp'].includes(v.Network) && settings.Headers !== null) {
        const headers = JSON.parse(settings.Headers) as { Host?: unknown } | null;
        host = typeof headers?.Host === 'string' ? headers.Host : '';
      }
      if (['httpupgrade', 'splithttp'].includes(v.Network) && settings.Host !== '')
        host = settings.Host;
      return {
        ok: true,
        value: {
          ...base,
          transportProtocol: v.Network,
          enableTLS: v.Tls === 1 || v.Tls === 2,
          enableREALITY: v.Tls === 2,
          path: settings.Path,
          host,
          serviceName: settings.ServiceName,
          enableVless,
          vlessFlow: v.VlessFlow,
          reality: {
            dest: `${tls.Dest || tls.Sni}:${tls.ServerPort}`,
            xver: tls.xVer,
            serverNames: [tls.Sni],
            privateKey: tls.PrivateKey,
            shortIds: [tls.ShortId],
          },
        },
      };
    }
  }
}

export interface XrayrUser {
  uid: number;
  uuid: string;
  /** Bytes per second (0: none), from the feed's Mbps. */
  speedLimit: number;
  /** From XrayR's own config, never from the feed. */
  deviceLimit: number;
  email: string;
  passwd: string;
}

/** `GetUserList`: the users, or the error XrayR logs (an empty list is one). */
export function xrayrUsers(
  setting: XrayrSetting & { deviceLimit?: number },
  body: string,
): Outcome<XrayrUser[]> {
  let usersJson: string;
  try {
    usersJson = JSON.stringify((JSON.parse(body) as { users?: unknown }).users ?? null);
  } catch {
    return { ok: false, error: `ret ${body} invalid` };
  }
  const users = unmarshal<{ Id: number; Uuid: string; SpeedLimit: number }[] | null>(
    usersJson,
    userList,
  ).value;
  if (users === null || users.length === 0) return { ok: false, error: 'users is null' };
  return {
    ok: true,
    value: users.map((u) => ({
      uid: u.Id,
      uuid: u.Uuid,
      speedLimit: (u.SpeedLimit * 1_000_000) / 8,
      deviceLimit: setting.deviceLimit ?? 0,
      email: `${u.Uuid}@v2board.user`,
      passwd: setting.nodeType === 'Shadowsocks' ? u.Uuid : '',
    })),
  };
}

/** The Shadowsocks 2022 user key XrayR derives for a V2board panel (`checkShadowsocksPassword`). */
export function xrayrSs2022UserKey(passwd: string, method: string): Outcome<string> {
  if (passwd.length < 16)
    return { ok: false, error: "shadowsocks2022 key's length must be greater than 16" };
  if (method === '2022-blake3-aes-128-gcm')
    return { ok: true, value: Buffer.from(passwd.slice(0, 16)).toString('base64') };
  if (passwd.length < 32)
    return { ok: false, error: "shadowsocks2022 key's length must be greater than 32" };
  return { ok: true, value: Buffer.from(passwd.slice(0, 32)).toString('base64') };
}
