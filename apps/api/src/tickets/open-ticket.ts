import { ErrorCode, type TicketOpenRequest } from '@nimbus/api-sdk/contract';
import { TICKET_OPEN_LIMIT, ticketMessage, ticketSubject } from '@nimbus/domain';
import { devicesOfUser } from '../devices/index.ts';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import { findOrder } from '../orders/index.ts';
import type { PlatformServices } from '../platform/platform-services.ts';
import { enforceLimit } from '../security/enforce-limit.ts';
import { queueWebhookEvent } from '../webhooks/index.ts';
import { insertTicket, insertTicketMessage, type TicketRow } from './store.ts';

/** A text the domain accepts, or the localised refusal of the first problem. */
export function validText(result: ReturnType<typeof ticketMessage>): string {
  if (!result.ok) throw validationRefusal(result.error, result.params);
  return result.value;
}

/**
 * Opens a member's ticket with its first message. The order and device it names must be the
 * member's own (another's is answered as a missing one); new tickets are rate limited per member
 * (domain TICKET_OPEN_LIMIT), counted only once the input is valid.
 */
export async function openTicket(
  services: PlatformServices,
  userId: number,
  input: TicketOpenRequest,
  now: number,
): Promise<TicketRow> {
  const { db } = services;
  const subject = validText(ticketSubject(input.subject));
  const message = validText(ticketMessage(input.message));
  let orderId: string | null = null;
  if (input.orderId !== undefined) {
    const order = await findOrder(db, { userId, publicId: input.orderId });
    if (!order) throw new Refusal(ErrorCode.ORDER_NOT_FOUND);
    orderId = order.public_id;
  }
  let device: { id: number; name: string } | null = null;
  if (input.deviceId !== undefined) {
    const found = (await devicesOfUser(db, userId)).find((d) => String(d.id) === input.deviceId);
    if (!found) throw new Refusal(ErrorCode.DEVICE_NOT_FOUND);
    device = { id: found.id, name: found.name };
  }
  await enforceLimit(services.counters, `ticket:user:${userId}`, TICKET_OPEN_LIMIT, now);
  return db.transaction().execute(async (trx) => {
    const ticket = await insertTicket(trx, {
      user_id: userId,
      subject,
      category: input.category,
      status: 'open',
      order_id: orderId,
      device_id: device?.id ?? null,
      device_name: device?.name ?? null,
      assignee_id: null,
      created_at: now,
      updated_at: now,
    });
    await insertTicketMessage(trx, {
      ticket_id: ticket.id,
      author: 'member',
      operator_id: null,
      body: message,
      action: null,
      created_at: now,
    });
    await queueWebhookEvent(trx, {
      type: 'ticket.created',
      data: {
        ticketId: String(ticket.id),
        userId: String(userId),
        category: input.category,
        subject,
        orderId,
      },
      now,
    });
    return ticket;
  });
}
