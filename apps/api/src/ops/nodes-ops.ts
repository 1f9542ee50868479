import { NodeInputError, saveNode, setNodeEnabled } from '../nodes/node-store.ts';
import {
  intFlag,
  onePositional,
  OpsRefusal,
  OpsUsageError,
  parseFlags,
  requireString,
  yesNoFlag,
  type OpsCommand,
} from './ops-context.ts';
import { table } from './output.ts';

const USAGE = `pnpm ops nodes add --key=tokyo-1 --name="Tokyo 1" --region=JP --protocol=vless|trojan|shadowsocks|hysteria2 --host=jp1.example.com --port=443 --access=standard|lite --params='{"security":"reality",...}' [--sort=N] [--enabled=yes|no]
       pnpm ops nodes list
       pnpm ops nodes disable <key> | enable <key>`;

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
} as const;

/**
 * nodes: the servers subscription configurations list, through the nodes module (which checks
 * every field and the protocol's parameters, and audits). Adding a key that exists replaces it.
 */
export const nodesCommand: OpsCommand = async (args, ctx) => {
  const [sub, ...rest] = args;
  const { values, positionals } = parseFlags(rest, OPTIONS, USAGE);
  const { db } = ctx.services;
  const change = { actor: ctx.actor, now: ctx.now };
  switch (sub) {
    case 'add': {
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
      };
      if (input.port === 0) throw new OpsUsageError(`--port is required\nusage: ${USAGE}`);
      try {
        const outcome = await saveNode(db, input, change);
        return { text: `node ${input.key} ${outcome}`, json: { key: input.key, outcome } };
      } catch (error) {
        if (error instanceof NodeInputError) throw new OpsUsageError(error.problems.join('\n'));
        throw error;
      }
    }
    case 'list': {
      const rows = await db
        .selectFrom('nodes')
        .select([
          'node_key',
          'name',
          'region',
          'protocol',
          'host',
          'port',
          'access',
          'enabled',
          'sort_order',
        ])
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      const list = rows.map((r) => ({
        key: r.node_key,
        name: r.name,
        region: r.region,
        protocol: r.protocol,
        host: r.host,
        port: r.port,
        access: r.access,
        enabled: r.enabled === 1,
        sortOrder: r.sort_order,
      }));
      return {
        text: table(
          ['key', 'name', 'region', 'protocol', 'address', 'access', 'enabled'],
          list.map((n) => [
            n.key,
            n.name,
            n.region,
            n.protocol,
            `${n.host}:${n.port}`,
            n.access,
            n.enabled ? 'yes' : 'no',
          ]),
        ),
        json: list,
      };
    }
    case 'disable':
    case 'enable': {
      const key = onePositional(positionals, 'node key', USAGE);
      if (!(await setNodeEnabled(db, key, sub === 'enable', change)))
        throw new OpsRefusal(`no node ${key}`);
      return { text: `node ${key} ${sub}d`, json: { key, enabled: sub === 'enable' } };
    }
    default:
      throw new OpsUsageError(`usage: ${USAGE}`);
  }
};
