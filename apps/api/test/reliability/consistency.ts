import { MS_PER_DAY, OrderStatus, ShopGroupType } from '@nimbus/domain';
import type { Db } from '../../src/db/database.ts';
import { auditRows, countBy } from './harness.ts';

interface Membership {
  standardExpiresAt: number | null;
  liteExpiresAt: number | null;
}

const sameMembership = (a: Membership | undefined, b: Membership | undefined) =>
  a !== undefined &&
  b !== undefined &&
  a.standardExpiresAt === b.standardExpiresAt &&
  a.liteExpiresAt === b.liteExpiresAt;

/**
 * Everything that must hold between the money tables whatever happened to the servers (a kill,
 * a race): each change applied exactly once, nothing half-applied. Returns the problems found,
 * each naming its row, so a failing test says what broke.
 *
 * - a provider event is never left mid-way ('processing'); one event applies to an order at most
 * once;
 * - an order is paid (or later refunded) exactly when it has one `order.paid` audit; a paid plan
 *   order has exactly one membership credit, of exactly its plan's time; an unpaid one none;
 * - every change of a user's membership follows from the one before it (each credit's "before"
 *   is the previous change's "after", so no write was lost or applied on a stale read), and the
 *   last one is what the users row holds;
 * - one referral reward per invitee, for a paid order of theirs, audited once;
 * - one KOL commission per paid order of a KOL's referral, none for others, audited once;
 *   a payout is the sum of what it settled, never negative;
 * - promo and redeem codes never used past their limits.
 */
export async function paymentProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const [orders, events, audits, users] = await Promise.all([
    db.selectFrom('orders').selectAll().execute(),
    db.selectFrom('payment_events').selectAll().execute(),
    auditRows(db, [
      'order.paid',
      'membership.credited',
      'referral.bonus',
      'referral.no_bonus',
      'kol.commission_recorded',
      'redeem.used',
      'membership.reversed',
      'referral.bonus_reversed',
    ]),
    db
      .selectFrom('users')
      .select(['id', 'inviter_id', 'is_kol', 'standard_expires_at', 'lite_expires_at'])
      .execute(),
  ]);

  for (const e of events)
    if (e.outcome === 'processing') problems.push(`event ${e.event_id} left processing`);
  const appliedPaid = countBy(
    events.filter((e) => e.type === 'paid' && e.outcome === 'applied'),
    (e) => String(e.order_id),
  );

  const paidAudits = countBy(
    audits.filter((a) => a.action === 'order.paid'),
    (a) => a.subject_id,
  );
  const credits = countBy(
    audits.filter((a) => a.action === 'membership.credited'),
    (a) => String(a.data.orderId),
  );
  for (const o of orders) {
    const paid = o.status === OrderStatus.PAID || o.status === OrderStatus.REFUNDED;
    const name = `order ${o.public_id} (${o.status})`;
    if ((paidAudits.get(o.public_id) ?? 0) !== (paid ? 1 : 0))
      problems.push(`${name}: ${paidAudits.get(o.public_id) ?? 0} order.paid audits`);
    if ((paid ? 1 : 0) !== (o.paid_at === null ? 0 : 1))
      problems.push(`${name}: paid_at ${o.paid_at}`);
    const applied = appliedPaid.get(String(o.id)) ?? 0;
    if (
      applied > 1 ||
      (paid && o.provider === 'sandbox' && applied !== 1) ||
      (!paid && applied !== 0)
    )
      problems.push(`${name}: ${applied} applied paid events`);
    if (o.kind !== 'plan') continue;
    const credited = credits.get(o.public_id) ?? 0;
    if (credited !== (paid ? 1 : 0)) problems.push(`${name}: ${credited} membership credits`);
    const planMs = o.duration_days * MS_PER_DAY;
    const expected =
      !paid || o.upgrade === 1
        ? undefined
        : o.group_type === ShopGroupType.STANDARD
          ? { standard: planMs, lite: 0 }
          : { standard: 0, lite: planMs };
    if (!paid && (Number(o.credited_standard_ms) !== 0 || Number(o.credited_lite_ms) !== 0))
      problems.push(`${name}: credit recorded on an unpaid order`);
    if (
      expected &&
      (Number(o.credited_standard_ms) !== expected.standard ||
        Number(o.credited_lite_ms) !== expected.lite)
    ) {
      problems.push(
        `${name}: credited ${o.credited_standard_ms}/${o.credited_lite_ms} ms, plan is ${expected.standard}/${expected.lite}`,
      );
    }
  }

  // Membership changes per user, in the order they were written.
  const changes = new Map<number, { action: string; before: Membership; after: Membership }[]>();
  for (const a of audits) {
    if (!('before' in a.data) || !('after' in a.data)) continue;
    const userId = a.action === 'redeem.used' ? Number(a.data.userId) : Number(a.subject_id);
    const list = changes.get(userId) ?? [];
    list.push({
      action: a.action,
      before: a.data.before as Membership,
      after: a.data.after as Membership,
    });
    changes.set(userId, list);
  }
  const userById = new Map(users.map((u) => [u.id, u]));
  for (const [userId, list] of changes) {
    list.forEach((c, i) => {
      const previous = list[i - 1];
      if (previous && !sameMembership(previous.after, c.before)) {
        problems.push(
          `user ${userId}: ${c.action} #${i} started from ${JSON.stringify(c.before)}, the change before it left ${JSON.stringify(previous.after)}`,
        );
      }
    });
    const user = userById.get(userId);
    const last = list.at(-1);
    if (
      user &&
      last &&
      !sameMembership(last.after, {
        standardExpiresAt: user.standard_expires_at,
        liteExpiresAt: user.lite_expires_at,
      })
    ) {
      problems.push(
        `user ${userId}: holds ${user.standard_expires_at}/${user.lite_expires_at}, the last change (${last.action}) wrote ${JSON.stringify(last.after)}`,
      );
    }
  }

  // Referral rewards.
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const rewards = await db.selectFrom('invitation_rewards').selectAll().execute();
  const rewardAudits = countBy(
    audits.filter((a) => a.action === 'referral.bonus' || a.action === 'referral.no_bonus'),
    (a) => String(a.data.orderId),
  );
  const rewardedInvitees = new Set<number>();
  for (const r of rewards) {
    const o = orderById.get(r.order_id);
    if (
      !o ||
      o.user_id !== r.invitee_id ||
      (o.status !== OrderStatus.PAID && o.status !== OrderStatus.REFUNDED)
    )
      problems.push(
        `reward ${r.id}: order ${r.order_id} is not a paid order of invitee ${r.invitee_id}`,
      );
    if (rewardedInvitees.has(r.invitee_id)) problems.push(`invitee ${r.invitee_id} rewarded twice`);
    rewardedInvitees.add(r.invitee_id);
    if (o && (rewardAudits.get(o.public_id) ?? 0) !== 1)
      problems.push(
        `reward for ${o.public_id}: ${rewardAudits.get(o.public_id) ?? 0} reward audits`,
      );
  }
  const paidByUser = countBy(
    orders.filter((o) => o.status === OrderStatus.PAID && o.amount_minor > 0),
    (o) => String(o.user_id),
  );
  for (const u of users) {
    if (
      u.inviter_id !== null &&
      (paidByUser.get(String(u.id)) ?? 0) > 0 &&
      !rewardedInvitees.has(u.id)
    )
      problems.push(`invitee ${u.id} has paid orders but no reward record`);
  }

  // KOL commissions and payouts.
  const [commissions, payouts, adjustments] = await Promise.all([
    db.selectFrom('kol_commissions').selectAll().execute(),
    db.selectFrom('kol_payouts').selectAll().execute(),
    db.selectFrom('kol_adjustments').selectAll().execute(),
  ]);
  const commissionAudits = countBy(
    audits.filter((a) => a.action === 'kol.commission_recorded'),
    (a) => String(a.data.orderId),
  );
  const commissionByOrder = countBy(commissions, (c) => String(c.order_id));
  const kolIds = new Set(users.filter((u) => u.is_kol === 1).map((u) => u.id));
  const inviterOf = new Map(users.map((u) => [u.id, u.inviter_id]));
  for (const o of orders) {
    const paid = o.status === OrderStatus.PAID || o.status === OrderStatus.REFUNDED;
    const inviter = inviterOf.get(o.user_id);
    const due =
      paid &&
      o.amount_minor > 0 &&
      inviter !== null &&
      inviter !== undefined &&
      kolIds.has(inviter);
    const n = commissionByOrder.get(String(o.id)) ?? 0;
    if (n !== (due ? 1 : 0)) problems.push(`order ${o.public_id}: ${n} KOL commissions`);
    if ((commissionAudits.get(o.public_id) ?? 0) !== n)
      problems.push(
        `order ${o.public_id}: ${commissionAudits.get(o.public_id) ?? 0} commission audits for ${n} commissions`,
      );
  }
  for (const p of payouts) {
    const settled =
      commissions.filter((c) => c.payout_id === p.id).reduce((s, c) => s + c.amount_minor, 0) +
      adjustments.filter((a) => a.payout_id === p.id).reduce((s, a) => s + a.amount_minor, 0);
    if (p.amount_minor !== settled)
      problems.push(`payout ${p.public_id}: ${p.amount_minor} paid, ${settled} settled`);
    if (p.amount_minor <= 0) problems.push(`payout ${p.public_id}: amount ${p.amount_minor}`);
  }

  // Code limits.
  const [promos, promoUses, redeemCodes, redemptions] = await Promise.all([
    db.selectFrom('promo_codes').select(['id', 'code', 'max_uses']).execute(),
    db
      .selectFrom('promo_redemptions')
      .select(['promo_code_id'])
      .where('released_at', 'is', null)
      .execute(),
    db.selectFrom('redeem_codes').select(['id', 'code', 'uses', 'max_uses']).execute(),
    db.selectFrom('redeem_redemptions').select(['code_id']).execute(),
  ]);
  const promoCount = countBy(promoUses, (u) => String(u.promo_code_id));
  for (const p of promos)
    if (p.max_uses !== null && (promoCount.get(String(p.id)) ?? 0) > p.max_uses)
      problems.push(`promo ${p.code}: ${promoCount.get(String(p.id))} uses of ${p.max_uses}`);
  const redeemCount = countBy(redemptions, (r) => String(r.code_id));
  for (const c of redeemCodes) {
    const n = redeemCount.get(String(c.id)) ?? 0;
    if (n !== c.uses || n > c.max_uses)
      problems.push(`redeem code ${c.code}: ${n} redemptions, uses ${c.uses} of ${c.max_uses}`);
  }
  return problems;
}
