import { Type } from 'typebox';
import { PageNumber, PAGE_SIZE_MAX, SearchPage } from '../schemas/common.ts';
import { AdminAuditRow } from './admin-user-schemas.ts';

/** The console's audit log: every change, newest first, filtered on the server. */
export const adminAuditSchemas = {
  adminAuditSearch: {
    request: Type.Object(
      {
        /** 'operator:3', 'ops:alice', 'user:12', 'system'. */
        actor: Type.Optional(Type.String({ maxLength: 64 })),
        /** 'order.refunded', 'user.suspended'... */
        action: Type.Optional(Type.String({ maxLength: 64 })),
        /** The target: its type ('user', 'order', 'operator'...) and id. */
        subjectType: Type.Optional(Type.String({ maxLength: 32 })),
        subjectId: Type.Optional(Type.String({ maxLength: 64 })),
        page: PageNumber,
        pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX }),
      },
      { additionalProperties: false },
    ),
    response: SearchPage(AdminAuditRow),
  },
} as const;
