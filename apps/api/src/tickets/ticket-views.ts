import type {
  AdminTicketMessage,
  AdminTicketRow,
  TicketAction,
  TicketMessage,
  TicketSummary,
} from '@nimbus/api-sdk/contract';
import type { TicketCategory, TicketStatus } from '@nimbus/domain';
import type { TicketMessageRow, TicketRow } from './store.ts';

/** What members and operators are shown of the rows (texts as stored: screens render text). */

export function ticketSummary(row: TicketRow): TicketSummary {
  return {
    ticketId: String(row.id),
    subject: row.subject,
    category: row.category as TicketCategory,
    status: row.status as TicketStatus,
    orderId: row.order_id,
    deviceName: row.device_name,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

const actionOf = (row: TicketMessageRow): TicketAction | null =>
  row.action === null ? null : (JSON.parse(row.action) as TicketAction);

/**
 * The member's view of a message: who wrote it (never which operator), and for an action what
 * was done, without the operator's internal reason.
 */
export function memberMessage(row: TicketMessageRow): TicketMessage {
  const author = row.author as TicketMessage['author'];
  return {
    id: String(row.id),
    author,
    body: author === 'action' ? '' : row.body,
    action: actionOf(row),
    createdAt: Number(row.created_at),
  };
}

export function consoleMessage(
  row: TicketMessageRow,
  operators: ReadonlyMap<number, string>,
): AdminTicketMessage {
  return {
    id: String(row.id),
    author: row.author as AdminTicketMessage['author'],
    operator: row.operator_id === null ? null : (operators.get(row.operator_id) ?? null),
    body: row.body,
    action: actionOf(row),
    createdAt: Number(row.created_at),
  };
}

export function consoleRow(
  row: TicketRow,
  member: string,
  assignee: string | null,
): AdminTicketRow {
  return { ...ticketSummary(row), userId: String(row.user_id), member, assignee };
}
