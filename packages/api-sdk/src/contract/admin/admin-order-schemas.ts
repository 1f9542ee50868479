import { OrderStatus } from '@nimbus/domain';
import { Type } from 'typebox';
import { PageNumber, Id, PAGE_SIZE_MAX, SearchPage, Timestamp } from '../schemas/common.ts';
import { AdminOrderRow } from './admin-user-schemas.ts';

/** The console's orders screen: search and filter on the server, refund. */

const strict = { additionalProperties: false } as const;

export const adminOrderSchemas = {
  adminOrderSearch: {
    request: Type.Object(
      {
        orderId: Type.Optional(Type.String({ maxLength: 64 })),
        userId: Type.Optional(Id),
        status: Type.Optional(Type.Enum(Object.values(OrderStatus))),
        provider: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
        /** Created at or after (UTC ms). */
        from: Type.Optional(Timestamp),
        /** Created before (UTC ms). */
        to: Type.Optional(Timestamp),
        page: PageNumber,
        pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX }),
      },
      strict,
    ),
    response: SearchPage(AdminOrderRow),
  },
  adminOrderRefund: {
    request: Type.Object(
      { orderId: Id, reason: Type.String({ minLength: 1, maxLength: 500 }) },
      strict,
    ),
    response: Type.Object({
      order: AdminOrderRow,
      /** False when the order was refunded already (nothing changed). */
      refunded: Type.Boolean(),
    }),
  },
  adminOrderMarkPaid: {
    request: Type.Object(
      {
        orderId: Id,
        /** The payment's reference (bank transfer, provider dashboard): kept in the audit row. */
        reference: Type.String({ minLength: 1, maxLength: 200 }),
      },
      strict,
    ),
    response: Type.Object({ order: AdminOrderRow }),
  },
  adminOrderCancel: {
    request: Type.Object(
      { orderId: Id, reason: Type.String({ minLength: 1, maxLength: 500 }) },
      strict,
    ),
    response: Type.Object({ order: AdminOrderRow }),
  },
} as const;
