import type { Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import type { OrderHook } from '../orders/index.ts';
import { countPaidOrder, lockUser } from '../accounts/index.ts';
import { addToKolTotals } from './kol-totals-store.ts';

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

/**
 * The order hooks that keep the count: listed last (services.ts), after the fulfilment and the
 * other hooks locked the buyer and the inviter in that order. A payment counts whatever its kind
 * decided (a refused group payment is money received, refunded later through the refunded hook).
 */
export const paidInviteeHook: OrderHook = ({ trx, dialect, order }) =>
  countPaidInvitee(trx, dialect, order, 1);

export const unpaidInviteeHook: OrderHook = ({ trx, dialect, order }) =>
  countPaidInvitee(trx, dialect, order, -1);

/**
 * Registration tells the inviters' folder that an account was created with an inviter (the
 * accounts noun's `RegistrationHooks`): the inviter's running count of invitees moves.
 */
export async function countInvitee(trx: Db, inviterId: number): Promise<void> {
  await addToKolTotals(trx, inviterId, { invitees: 1 });
}
