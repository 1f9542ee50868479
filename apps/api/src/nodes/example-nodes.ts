import type { Db } from '../db/database.ts';
import { checkNode, type NodeInput } from './node-store.ts';

/**
 * Example nodes for development and tests, one per protocol and both plan levels, on the
 * reserved `.example` domain (RFC 2606), so nothing real is ever reached. They are written only
 * outside production (see registerThirdParty); production starts with an empty list that
 * operations fill with saveNode.
 */
export const EXAMPLE_NODES: readonly NodeInput[] = [
  {
    key: 'example-tokyo-1',
    name: 'Tokyo 1',
    region: 'JP',
    protocol: 'vless',
    host: 'jp1.nodes.nimbus.example',
    port: 443,
    access: 'standard',
    sortOrder: 10,
    params: {
      security: 'reality',
      sni: 'www.microsoft.com',
      flow: 'xtls-rprx-vision',
      fingerprint: 'chrome',
      realityPublicKey: 'BN3_3zf5J8NKX5H7lllipNiOG2DskX9q4wHrFDvXzgg',
      realityShortId: '1d15e80465f7c9f9',
    },
  },
  {
    key: 'example-singapore-1',
    name: 'Singapore 1',
    region: 'SG',
    protocol: 'trojan',
    host: 'sg1.nodes.nimbus.example',
    port: 443,
    access: 'standard',
    sortOrder: 20,
    params: {
      sni: 'sg1.nodes.nimbus.example',
      fingerprint: 'chrome',
      transport: { type: 'ws', path: '/nimbus', host: 'sg1.nodes.nimbus.example' },
    },
  },
  {
    key: 'example-los-angeles-1',
    name: 'Los Angeles 1',
    region: 'US',
    protocol: 'hysteria2',
    host: 'us1.nodes.nimbus.example',
    port: 8443,
    access: 'lite',
    sortOrder: 30,
    params: { sni: 'us1.nodes.nimbus.example', obfsPassword: 'toiHdO_Krj6YX6xq' },
  },
  {
    key: 'example-hong-kong-1',
    name: 'Hong Kong 1',
    region: 'HK',
    protocol: 'shadowsocks',
    host: 'hk1.nodes.nimbus.example',
    port: 8388,
    access: 'lite',
    sortOrder: 40,
    params: { method: '2022-blake3-aes-128-gcm', serverKey: '6MQtijhe4gyTkNWUAqdGlQ==' },
  },
];

/** Writes the example nodes that are missing (idempotent; several processes may start at once). */
export async function seedExampleNodes(db: Db, now: number): Promise<void> {
  for (const input of EXAMPLE_NODES) {
    const checked = checkNode(input);
    if (!checked.ok)
      throw new Error(`Example node ${input.key} is invalid: ${checked.problems.join('; ')}`);
    const { node } = checked;
    await db
      .insertInto('nodes')
      .values({
        node_key: node.key,
        name: node.name,
        region: node.region,
        protocol: node.protocol,
        host: node.host,
        port: node.port,
        params: JSON.stringify(node.params),
        access: node.access,
        enabled: 1,
        sort_order: input.sortOrder ?? 0,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('node_key').doNothing())
      .execute();
  }
}
