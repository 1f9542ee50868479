import { Type, type Static } from 'typebox';
import { Id, NullableTimestamp, Page, PAGE_SIZE_MAX } from '../schemas/common.ts';

/** The console's nodes (admin): online state from the node feed, disable, token rotation. */

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
});
export type AdminNodeRow = Static<typeof AdminNodeRow>;

export const adminNodeSchemas = {
  adminNodeList: {
    request: Type.Object(
      {
        page: Type.Integer({ minimum: 1 }),
        pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX }),
      },
      strict,
    ),
    response: Page(AdminNodeRow),
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
