import type { Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import { addToKolTotals } from './kol-totals-store.ts';
import { countPaidOrder, lockUser } from './user-store.ts';

/**
 * An order was paid (1) or a paid order refunded (-1), in the transaction of that change: the
 * buyer's count of paid orders moves, and when it moves between none and one the buyer becomes
 * (or stops being) a paid invitee of their inviter (the KOL dashboard's paid count). Orders that
 * cost nothing do not count. The inviter's user lock comes before their totals row, as in every
 * other change of a KOL's totals (the hooks, payouts), so two transactions never wait on each
 * other in opposite order.
 */
export async function countPaidInvitee(
  trx: Db,
  dialect: DialectName,
  order: { user_id: number; amount_minor: number },
  delta: 1 | -1,
): Promise<void> {
  if (order.amount_minor <= 0) return;
  const { paidOrders, inviterId } = await countPaidOrder(trx, order.user_id, delta);
  const crossed = delta === 1 ? paidOrders === 1 : paidOrders === 0;
  if (!crossed || inviterId === null) return;
  await lockUser(trx, dialect, inviterId);
  await addToKolTotals(trx, inviterId, { paidInvitees: delta });
}
