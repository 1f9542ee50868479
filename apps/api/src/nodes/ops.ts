import { MS_PER_MINUTE } from '@nimbus/domain';
import { addNode, enableNode, nodeStatuses, rotateNodeToken } from './manage-nodes.ts';
import { NodeInputError } from './node-store.ts';
import {
  intFlag,
  onePositional,
  OpsRefusal,
  OpsUsageError,
  requireString,
  yesNoFlag,
  type OpsCommand,
  type OpsContext,
  type OpsResult,
} from '../cli/ops-context.ts';
import { subcommands, type SubcommandArgs } from '../cli/subcommands.ts';
import { table } from '../cli/output.ts';

export const USAGE = `pnpm ops nodes add --key=tokyo-1 --name="Tokyo 1" --region=JP --protocol=vless|vmess|trojan|shadowsocks|hysteria2 --host=jp1.example.com --port=443 --access=standard|lite --params='{"security":"reality",...}' [--sort=N] [--enabled=yes|no] [--capacity-mbps=1000]
       pnpm ops nodes list
       pnpm ops nodes status [<key>]
       pnpm ops nodes disable <key> | enable <key>
       pnpm ops nodes rotate-token <key> [--grace-minutes=N]`;

const OPTIONS = {
  key: { type: 'string' },
  name: { type: 'string' },
  region: { type: 'string' },
  protocol: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  access: { type: 'string' },
  params: { type: 'string' },
  sort: { type: 'string' },
  enabled: { type: 'string' },
  'capacity-mbps': { type: 'string' },
  'grace-minutes': { type: 'string' },
} as const;

/**
 * nodes: the servers subscription configurations list and the node feed serves, through the
 * nodes module's services (which check every field and the protocol's parameters, and audit).
 * Adding a key that exists replaces its definition and keeps its feed token; a new node's token
 * is printed once. `status` shows each node's last pull and push and its online members.
 */
export const nodesCommand: OpsCommand = subcommands(USAGE, OPTIONS, {
  add: async ({ values }, { services: { db }, actor, now }) => {
    let params: unknown;
    try {
      params = JSON.parse(requireString(values.params, 'params', USAGE));
    } catch (error) {
      if (error instanceof OpsUsageError) throw error;
      throw new OpsUsageError('--params must be JSON, for example \'{"sni":"jp1.example.com"}\'');
    }
    const input = {
      key: requireString(values.key, 'key', USAGE),
      name: requireString(values.name, 'name', USAGE),
      region: requireString(values.region, 'region', USAGE).toUpperCase(),
      protocol: requireString(values.protocol, 'protocol', USAGE),
      host: requireString(values.host, 'host', USAGE),
      port: intFlag(values.port, 'port', 1, 65_535) ?? 0,
      access: requireString(values.access, 'access', USAGE),
      params,
      enabled: yesNoFlag(values.enabled, 'enabled'),
      sortOrder: intFlag(values.sort, 'sort', 0, 1_000_000),
      capacityMbps: intFlag(values['capacity-mbps'], 'capacity-mbps', 1, 400_000),
    };
    if (input.port === 0) throw new OpsUsageError(`--port is required\nusage: ${USAGE}`);
    try {
      const added = await addNode(db, input, { actor, now });
      const tokenLine = added.token
        ? `\nfeed token (shown once; put it in the node software's ApiKey): ${added.token}`
        : '';
      return {
        text: `node ${input.key} ${added.outcome} (node id ${added.id})${tokenLine}`,
        json: { key: input.key, ...added },
      };
    } catch (error) {
      if (error instanceof NodeInputError) throw new OpsUsageError(error.problems.join('\n'));
      throw error;
    }
  },
  list: async (_args, { services: { db }, now }) => {
    const statuses = await nodeStatuses(db, now);
    return {
      text: table(
        ['id', 'key', 'name', 'region', 'protocol', 'address', 'access', 'enabled', 'token'],
        statuses.map((n) => [
          String(n.id),
          n.key,
          n.name,
          n.region,
          n.protocol,
          `${n.host}:${n.port}`,
          n.access,
          n.enabled ? 'yes' : 'no',
          n.hasToken ? 'yes' : 'no',
        ]),
      ),
      json: statuses.map(
        ({ lastPullAt: _p, lastPushAt: _q, online: _o, onlineUsers: _u, ...n }) => n,
      ),
    };
  },
  status: async ({ positionals }, { services: { db }, now }) => {
    const statuses = await nodeStatuses(db, now);
    const when = (at: number | null) => (at === null ? '-' : new Date(at).toISOString());
    const key = positionals[0];
    const shown = key === undefined ? statuses : statuses.filter((n) => n.key === key);
    if (key !== undefined && shown.length === 0) throw new OpsRefusal(`no node ${key}`);
    return {
      text: table(
        ['key', 'enabled', 'status', 'online members', 'last pull', 'last push'],
        shown.map((n) => [
          n.key,
          n.enabled ? 'yes' : 'no',
          n.online ? 'online' : 'offline',
          String(n.onlineUsers),
          when(n.lastPullAt),
          when(n.lastPushAt),
        ]),
      ),
      json: shown,
    };
  },
  disable: setEnabled,
  enable: setEnabled,
  'rotate-token': async ({ values, positionals }, { services: { db }, actor, now }) => {
    const key = onePositional(positionals, 'node key', USAGE);
    const graceMinutes = intFlag(values['grace-minutes'], 'grace-minutes', 0, 7 * 24 * 60) ?? 0;
    const token = await rotateNodeToken(db, key, graceMinutes * MS_PER_MINUTE, { actor, now });
    if (token === undefined) throw new OpsRefusal(`no node ${key}`);
    return {
      text: `node ${key}: new feed token (shown once; the old one ${graceMinutes > 0 ? `works for ${graceMinutes} more minutes` : 'stopped working'}):\n${token}`,
      json: { key, token, previousValidMinutes: graceMinutes },
    };
  },
});

/** nodes disable <key> | enable <key>. */
async function setEnabled(
  { positionals, sub }: SubcommandArgs<typeof OPTIONS>,
  { services: { db }, actor, now }: OpsContext,
): Promise<OpsResult> {
  const key = onePositional(positionals, 'node key', USAGE);
  if (!(await enableNode(db, key, sub === 'enable', { actor, now })))
    throw new OpsRefusal(`no node ${key}`);
  return { text: `node ${key} ${sub}d`, json: { key, enabled: sub === 'enable' } };
}
