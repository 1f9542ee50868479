import {
  NODE_ACCESS_LEVELS,
  NODE_CAPACITY_MBPS_MAX,
  NODE_NAME_MAX,
  NODE_PORT_MAX,
  NODE_PROTOCOLS,
} from '@nimbus/domain';
import { Type, type Static } from 'typebox';
import { PageNumber, Id, NullableTimestamp, Page, PAGE_SIZE_MAX } from '../schemas/common.ts';

/**
 * The console's nodes (admin): online state from the node feed, create, disable, token rotation.
 */

const strict = { additionalProperties: false } as const;
const NodeKey = Type.String({ minLength: 1, maxLength: 63 });

export const AdminNodeRow = Type.Object({
  nodeId: Id,
  key: Type.String(),
  name: Type.String(),
  region: Type.String(),
  protocol: Type.String(),
  access: Type.String(),
  host: Type.String(),
  port: Type.Integer({ minimum: 1, maximum: 65_535 }),
  enabled: Type.Boolean(),
  hasToken: Type.Boolean(),
  lastPullAt: NullableTimestamp,
  lastPushAt: NullableTimestamp,
  /** Last push within three push intervals (domain `nodeOnline`). */
  online: Type.Boolean(),
  onlineUsers: Type.Integer({ minimum: 0 }),
  /** A REALITY node's X25519 public key, what members' clients use (pbk); null otherwise. */
  realityPublicKey: Type.Union([Type.String(), Type.Null()]),
});
export type AdminNodeRow = Static<typeof AdminNodeRow>;

export const adminNodeSchemas = {
  adminNodeList: {
    request: Type.Object(
      {
        page: PageNumber,
        pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX }),
      },
      strict,
    ),
    response: Page(AdminNodeRow),
  },
  /**
   * A new node, as `pnpm ops nodes add` takes it (domain `nodeFieldErrors`; the params are the
   * protocol's settings, docs/nodes.md); NODE_EXISTS when the key is taken.
   */
  adminNodeCreate: {
    request: Type.Object(
      {
        key: NodeKey,
        name: Type.String({ minLength: 1, maxLength: NODE_NAME_MAX }),
        /** ISO 3166 alpha-2 (JP). */
        region: Type.String({ minLength: 2, maxLength: 2 }),
        protocol: Type.Enum([...NODE_PROTOCOLS]),
        host: Type.String({ minLength: 1, maxLength: 253 }),
        port: Type.Integer({ minimum: 1, maximum: NODE_PORT_MAX }),
        access: Type.Enum([...NODE_ACCESS_LEVELS]),
        /** The protocol's settings (VLESS security and sni, a Shadowsocks method...). */
        params: Type.Record(Type.String(), Type.Unknown()),
        /** Port speed in Mbit/s; 1000 when absent. */
        capacityMbps: Type.Optional(Type.Integer({ minimum: 1, maximum: NODE_CAPACITY_MBPS_MAX })),
        /** Position in members' lists; 0 when absent. */
        sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
        /** In subscriptions and the feed at once (true when absent). */
        enabled: Type.Optional(Type.Boolean()),
      },
      strict,
    ),
    response: Type.Object({
      node: AdminNodeRow,
      /** The node's feed token, shown once: the node software's ApiKey. */
      token: Type.String(),
    }),
  },
  /** Takes a node out of every subscription and the feed (or puts it back). */
  adminNodeSetEnabled: {
    request: Type.Object({ key: NodeKey, enabled: Type.Boolean() }, strict),
    response: Type.Object({ node: AdminNodeRow }),
  },
  adminNodeRotateToken: {
    request: Type.Object(
      {
        key: NodeKey,
        /** How long the old token keeps working (0: stops at once). */
        graceMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 * 24 * 60 })),
      },
      strict,
    ),
    response: Type.Object({
      /** The new feed token, shown once: the node software's ApiKey. */
      token: Type.String(),
    }),
  },
} as const;
