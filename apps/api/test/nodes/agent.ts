import { freePort, takeUserTraffic, V2rayProcess } from './v2ray.ts';

/**
 * A small node agent for the tunnel test, doing what V2bX does against the UniProxy API: pull the
 * node's config and user list (with the ETags it got), run a v2ray inbound for them on
 * 127.0.0.1 (restarting it when the list changes; V2bX adds and removes users through the core's
 * API instead), and push each user's traffic, read from v2ray's per-user statistics.
 *
 * VMess: the inbound takes each member's UUID with alterId 0 (AEAD), TLS when the config's `tls`
 * is 1, and the WebSocket path and Host from `networkSettings`, as V2bX builds it.
 *
 * Shadowsocks: Debian's v2ray (4.34) has a classic AEAD inbound for one user only (V2bX runs
 * Xray's multi-user one), so the agent serves the newest member of the list, the one under test.
 */

interface FeedUser {
  id: number;
  uuid: string;
  speed_limit: number;
  device_limit: number;
}

interface NodeConfig {
  protocol: string;
  cipher?: string;
  server_port: number;
  server_name?: string;
  network: string;
  networkSettings?: { path?: string; headers?: { Host?: string } } | null;
  tls?: number;
  base_config: { push_interval: number; pull_interval: number };
}

export interface AgentOptions {
  base: string;
  nodeId: number;
  nodeType: 'vless' | 'vmess' | 'trojan' | 'shadowsocks';
  token: string;
  dir: string;
  certFile: string;
  keyFile: string;
}

export class NodeAgent {
  private configEtag = '';
  private usersEtag = '';
  config: NodeConfig | undefined;
  users: FeedUser[] = [];
  private apiPort = 0;
  readonly v2ray: V2rayProcess;
  /** What each pull answered (200 or 304), for the test to see the ETags at work. */
  readonly pulls: number[] = [];

  constructor(private readonly options: AgentOptions) {
    this.v2ray = new V2rayProcess(options.dir, `node-${options.nodeId}`);
  }

  private url(action: string): string {
    const query = new URLSearchParams({
      node_id: String(this.options.nodeId),
      node_type: this.options.nodeType,
      token: this.options.token,
    });
    return `${this.options.base}/api/v1/server/UniProxy/${action}?${query.toString()}`;
  }

  private async get<T>(
    action: string,
    etag: string,
  ): Promise<{ status: number; body?: T; etag: string }> {
    const res = await fetch(this.url(action), { headers: etag ? { 'if-none-match': etag } : {} });
    if (res.status === 304) return { status: 304, etag };
    if (res.status !== 200) throw new Error(`${action}: ${res.status} ${await res.text()}`);
    return { status: 200, body: (await res.json()) as T, etag: res.headers.get('etag') ?? '' };
  }

  /** Pulls config and users; (re)starts v2ray when either changed. True when it did. */
  async pull(): Promise<boolean> {
    const config = await this.get<NodeConfig>('config', this.configEtag);
    const users = await this.get<{ users: FeedUser[] }>('user', this.usersEtag);
    this.pulls.push(users.status);
    if (config.status === 304 && users.status === 304) return false;
    if (config.body) [this.config, this.configEtag] = [config.body, config.etag];
    if (users.body) [this.users, this.usersEtag] = [users.body.users, users.etag];
    // Traffic counted by the running core is pushed before it restarts.
    if (this.apiPort) await this.push();
    await this.restart();
    return true;
  }

  private async restart(): Promise<void> {
    const config = this.config;
    if (!config) throw new Error('no config pulled');
    this.apiPort = await freePort();
    const type = this.options.nodeType;
    const clients = this.users.map((u) =>
      type === 'vless'
        ? { id: u.uuid, email: String(u.id), level: 0 }
        : type === 'vmess'
          ? { id: u.uuid, alterId: 0, email: String(u.id), level: 0 }
          : { password: u.uuid, email: String(u.id), level: 0 },
    );
    // VLESS and Trojan always run TLS; VMess when the config says so (tls 1).
    const tls = type !== 'vmess' || config.tls === 1;
    const ws = config.network === 'ws' ? (config.networkSettings ?? {}) : undefined;
    const newest = this.users.at(-1);
    const node =
      this.options.nodeType === 'shadowsocks'
        ? {
            settings: {
              method: config.cipher,
              password: newest?.uuid ?? '',
              email: String(newest?.id ?? 0),
              level: 0,
              network: 'tcp',
            },
            streamSettings: { network: 'tcp' },
          }
        : {
            settings:
              this.options.nodeType === 'vless' ? { clients, decryption: 'none' } : { clients },
            streamSettings: {
              network: config.network,
              ...(ws
                ? {
                    wsSettings: {
                      path: ws.path ?? '/',
                      ...(ws.headers?.Host ? { headers: { Host: ws.headers.Host } } : {}),
                    },
                  }
                : {}),
              security: tls ? 'tls' : 'none',
              ...(tls
                ? {
                    tlsSettings: {
                      certificates: [
                        { certificateFile: this.options.certFile, keyFile: this.options.keyFile },
                      ],
                    },
                  }
                : {}),
            },
          };
    await this.v2ray.start(
      {
        log: { loglevel: 'warning' },
        stats: {},
        api: { tag: 'api', services: ['StatsService'] },
        policy: { levels: { '0': { statsUserUplink: true, statsUserDownlink: true } } },
        inbounds: [
          {
            tag: 'node',
            listen: '127.0.0.1',
            port: config.server_port,
            protocol: this.options.nodeType,
            ...node,
          },
          {
            tag: 'api',
            listen: '127.0.0.1',
            port: this.apiPort,
            protocol: 'dokodemo-door',
            settings: { address: '127.0.0.1' },
          },
        ],
        outbounds: [{ protocol: 'freedom', tag: 'direct' }],
        routing: { rules: [{ type: 'field', inboundTag: ['api'], outboundTag: 'api' }] },
      },
      config.server_port,
    );
  }

  /** Pushes the traffic v2ray counted since the last push, as `{ "<id>": [up, down] }`. */
  async push(): Promise<Record<string, [number, number]>> {
    const traffic = await takeUserTraffic(this.apiPort);
    const report: Record<string, [number, number]> = {};
    for (const [id, t] of traffic) report[id] = [t.upload, t.download];
    const res = await fetch(this.url('push'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
    });
    if (res.status !== 200) throw new Error(`push: ${res.status} ${await res.text()}`);
    return report;
  }

  stop(): Promise<void> {
    return this.v2ray.stop();
  }
}
