import type { TicketSummary } from '@nimbus/api-sdk/contract';
import type { BadgeTone } from '@nimbus/ui/badge';

/** The badge tone of a ticket's status: waiting for the member stands out. */
export function statusTone(status: TicketSummary['status']): BadgeTone {
  return status === 'waiting' ? 'warning' : status === 'open' ? 'brand' : 'neutral';
}
