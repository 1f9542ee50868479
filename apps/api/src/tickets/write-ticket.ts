import { ErrorCode, type TicketAction } from '@nimbus/api-sdk/contract';
import { ticketStatusAfter, type TicketEvent, type TicketStatus } from '@nimbus/domain';
import { Refusal } from '../errors/refusal.ts';
import { notifyMember } from '../mail/index.ts';
import type { PlatformServices } from '../platform/platform-services.ts';
import { insertTicketMessage, lockTicket, updateTicket, type TicketRow } from './store.ts';

/** One entry written to a thread, and the status change it makes (domain ticketStatusAfter). */
export type TicketWrite =
  | { kind: 'member_wrote'; body: string }
  | { kind: 'support_wrote'; body: string; operatorId: number }
  | { kind: 'closed' }
  | { kind: 'action'; action: TicketAction; note: string; operatorId: number };

/**
 * Writes to a ticket in one transaction with its row locked: the entry, the new status and, when
 * support answered, the member's notice e-mail (`ticket_reply`, category updates). `userId`
 * limits the ticket to that member's own (another's is TICKET_NOT_FOUND, as a missing one).
 * Nothing is written to a closed ticket (TICKET_CLOSED) except an operator's action.
 */
export async function writeToTicket(
  services: PlatformServices,
  ticketId: number,
  write: TicketWrite,
  now: number,
  owner?: { userId: number },
): Promise<TicketRow> {
  const { db, dialect } = services;
  return db.transaction().execute(async (trx) => {
    const ticket = await lockTicket(trx, dialect, ticketId);
    if (!ticket || (owner && ticket.user_id !== owner.userId))
      throw new Refusal(ErrorCode.TICKET_NOT_FOUND);
    let status = ticket.status as TicketStatus;
    if (write.kind !== 'action') {
      const next = ticketStatusAfter(status, write.kind as TicketEvent);
      if (next === null) throw new Refusal(ErrorCode.TICKET_CLOSED);
      status = next;
    }
    if (write.kind !== 'closed')
      await insertTicketMessage(trx, {
        ticket_id: ticket.id,
        author:
          write.kind === 'member_wrote' ? 'member' : write.kind === 'action' ? 'action' : 'support',
        operator_id: write.kind === 'member_wrote' ? null : write.operatorId,
        body: write.kind === 'action' ? write.note : write.body,
        action: write.kind === 'action' ? JSON.stringify(write.action) : null,
        created_at: now,
      });
    await updateTicket(trx, ticket.id, { status, updated_at: now });
    if (write.kind === 'support_wrote')
      await notifyMember(trx, {
        userId: ticket.user_id,
        kind: 'ticket_reply',
        vars: () => ({
          subject: ticket.subject,
          message: write.body,
          url: `${services.config.publicUrl}/user/support/${ticket.id}`,
        }),
        now,
      });
    return { ...ticket, status, updated_at: now };
  });
}
