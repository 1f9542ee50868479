import { ErrorCode } from '@nimbus/api-sdk/contract';
import {
  applyPromoCode,
  OrderStatus,
  PROMO_USE_KEPT_STATUSES,
  promoUseHeld,
  promoUsesOverLimit,
  PromoKind,
  type PromoApplication,
  type PromoCode,
  type PromoError,
  type PromoUsage,
} from '@nimbus/domain';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { cappedCount } from '../db/capped-count.ts';
import type { Db } from '../db/database.ts';
import { startsWith } from '../db/prefix-pattern.ts';
import { orderColumns, type OrderRow } from './order-store.ts';
import type { DialectName } from '../db/dialect.ts';
import type { PromoCodesTable } from '../db/schema.ts';
import { Refusal } from '../errors/refusal.ts';
import type { PlanRow } from '../plans/index.ts';

type PromoRow = Selectable<PromoCodesTable>;

const ERRORS: Record<PromoError, (typeof ErrorCode)[keyof typeof ErrorCode]> = {
  promo_invalid: ErrorCode.PROMO_CODE_INVALID,
  // Not yet valid reads to the customer as "this code doesn't work (yet)".
  promo_not_started: ErrorCode.PROMO_CODE_INVALID,
  promo_expired: ErrorCode.PROMO_CODE_EXPIRED,
  promo_not_applicable: ErrorCode.PROMO_CODE_NOT_APPLICABLE,
  promo_used_up: ErrorCode.PROMO_CODE_USED_UP,
  promo_user_limit: ErrorCode.PROMO_CODE_USER_LIMIT,
};

function toDomain(row: PromoRow): PromoCode {
  let planIds: number[] | null = null;
  if (row.plan_ids !== null) {
    const parsed: unknown = JSON.parse(row.plan_ids);
    planIds = Array.isArray(parsed) ? parsed.filter((n): n is number => typeof n === 'number') : [];
  }
  return {
    code: row.code,
    active: row.active === 1,
    kind: row.kind === PromoKind.FIXED ? PromoKind.FIXED : PromoKind.PERCENT,
    value: row.value,
    currency: row.currency,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    maxUses: row.max_uses,
    maxUsesPerUser: row.max_uses_per_user,
    planIds,
  };
}

/**
 * Checks a promo code for a user and plan by the domain rule. Uses are counted from
 * reservations by domain promoUseHeld: a paid order's for good, an unpaid one's until the order
 * itself expires (its checkout window, fixed when it was made), a failed or expired one's not at
 * all, so unpaid orders can neither be stacked past a limit and paid later nor sit on a code's
 * uses, and a use is never free while an order that holds it can still be paid.
 * The caller's own unpaid reservations are not counted: a new order replaces them.
 * With `lock`, the code's row is locked (PostgreSQL) so that concurrent purchases count one
 * after another; SQLite transactions are serial already.
 */
export async function checkPromo(
  db: Db,
  dialect: DialectName,
  input: {
    code: string;
    userId: number;
    plan: PlanRow;
    now: number;
    lock: boolean;
  },
): Promise<{ promoId: number; application: PromoApplication; percentOff: number | null }> {
  if (input.lock && dialect === 'postgres')
    await sql`select id from promo_codes where code = ${input.code} for update`.execute(db);
  const row = await db
    .selectFrom('promo_codes')
    .selectAll()
    .where('code', '=', input.code)
    .executeTakeFirst();
  const usage = row
    ? await heldUses(db, row.id, { userId: input.userId, now: input.now, ownUnpaid: false })
    : { totalUses: 0, userUses: 0 };
  const result = applyPromoCode(
    row ? toDomain(row) : undefined,
    { planId: input.plan.id, priceMinor: input.plan.price_minor, currency: input.plan.currency },
    usage,
    input.now,
  );
  if (!result.ok || !row) throw new Refusal(ERRORS[result.ok ? 'promo_invalid' : result.error]);
  return {
    promoId: row.id,
    application: result.value,
    percentOff: row.kind === PromoKind.PERCENT ? row.value : null,
  };
}

/**
 * The uses of a code held now (domain promoUseHeld), in total and by the user; without
 * `ownUnpaid`, the user's own unpaid reservations (the ones a new order replaces) are left out.
 */
async function heldUses(
  db: Db,
  promoId: number,
  input: { userId: number; now: number; ownUnpaid: boolean },
): Promise<PromoUsage> {
  const usage = await db
    .selectFrom('promo_redemptions')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .sum<number>(
          eb.case().when('promo_redemptions.user_id', '=', input.userId).then(1).else(0).end(),
        )
        .as('mine'),
    ])
    .innerJoin(
      orderColumns(db, ['id', 'status', 'expires_at']).as('orders'),
      'orders.id',
      'promo_redemptions.order_id',
    )
    .where('promo_redemptions.promo_code_id', '=', promoId)
    .where('promo_redemptions.released_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('orders.status', 'in', PROMO_USE_KEPT_STATUSES),
        eb.and([
          eb('orders.status', '=', OrderStatus.PENDING),
          eb('orders.expires_at', '>', input.now),
          ...(input.ownUnpaid ? [] : [eb('promo_redemptions.user_id', '!=', input.userId)]),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return { totalUses: Number(usage.total), userUses: Number(usage.mine ?? 0) };
}

/**
 * The user's pending orders that reserve a promo code (by its normalised text): the unpaid
 * reservations a new order with that code replaces.
 */
export async function unpaidOrdersWithPromo(
  db: Db,
  input: { code: string; userId: number },
): Promise<{ id: number }[]> {
  return db
    .selectFrom('promo_redemptions')
    .innerJoin('promo_codes', 'promo_codes.id', 'promo_redemptions.promo_code_id')
    .innerJoin(
      orderColumns(db, ['id', 'status']).as('orders'),
      'orders.id',
      'promo_redemptions.order_id',
    )
    .select('orders.id')
    .where('promo_codes.code', '=', input.code)
    .where('promo_redemptions.user_id', '=', input.userId)
    .where('promo_redemptions.released_at', 'is', null)
    .where('orders.status', '=', OrderStatus.PENDING)
    .execute();
}

export interface NewPromoCode {
  code: string;
  kind: PromoKind;
  value: number;
  currency?: string | null;
  startsAt?: number | null;
  endsAt?: number | null;
  maxUses?: number | null;
  maxUsesPerUser?: number | null;
  planIds?: number[] | null;
}

/** Creates a promo code (operators; tests). The code is stored normalised (upper-case). */
export async function createPromoCode(db: Db, promo: NewPromoCode, now: number): Promise<number> {
  const row = await db
    .insertInto('promo_codes')
    .values({
      code: promo.code.trim().toUpperCase(),
      kind: promo.kind,
      value: promo.value,
      currency: promo.currency ?? null,
      starts_at: promo.startsAt ?? null,
      ends_at: promo.endsAt ?? null,
      max_uses: promo.maxUses ?? null,
      max_uses_per_user: promo.maxUsesPerUser ?? null,
      plan_ids: promo.planIds ? JSON.stringify(promo.planIds) : null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// The promo code tables (promo_codes, promo_redemptions) are read and written here only.

/** Every promo code, newest first, with its uses (reservations not released). */
export async function listPromoCodes(db: Db): Promise<{ row: PromoRow; uses: number }[]> {
  const rows = await db
    .selectFrom('promo_codes')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const uses = await db
    .selectFrom('promo_redemptions')
    .select((eb) => ['promo_code_id', eb.fn.countAll<number>().as('n')])
    .where('released_at', 'is', null)
    .groupBy('promo_code_id')
    .execute();
  const used = new Map(uses.map((u) => [u.promo_code_id, Number(u.n)]));
  return rows.map((row) => ({ row, uses: used.get(row.id) ?? 0 }));
}

/** A promo code by its (normalised) code. */
export async function findPromoCode(db: Db, code: string): Promise<PromoRow | undefined> {
  return db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function disablePromoCode(db: Db, id: number): Promise<void> {
  await db.updateTable('promo_codes').set({ active: 0 }).where('id', '=', id).execute();
}

/** Reserves one use of a promo code for a new order. */
export async function reservePromoUse(
  db: Db,
  use: { orderId: number; promoCodeId: number; userId: number },
  now: number,
): Promise<void> {
  await db
    .insertInto('promo_redemptions')
    .values({
      order_id: use.orderId,
      promo_code_id: use.promoCodeId,
      user_id: use.userId,
      created_at: now,
      released_at: null,
    })
    .execute();
}

/** Gives an order's promo use back (the order failed or expired). */
export async function releasePromoUse(db: Db, orderId: number, now: number): Promise<void> {
  await db
    .updateTable('promo_redemptions')
    .set({ released_at: now })
    .where('order_id', '=', orderId)
    .where('released_at', 'is', null)
    .execute();
}

/** A payment that took a promo code past a limit: the code, its limits and its uses then. */
export interface PromoOverLimit {
  code: string;
  maxUses: number | null;
  maxUsesPerUser: number | null;
  usage: PromoUsage;
}

/**
 * Holds the promo use of an order being paid (inside its transaction, its row marked paid
 * already). A payment that arrives after the order's reservation ended (it expired, was
 * replaced, cancelled or failed: late) is kept at the price paid, so its use counts again even
 * when others took the code meanwhile; when that takes the code past a limit (domain
 * promoUsesOverLimit), answers what the caller audits. The code's row is locked (PostgreSQL) as
 * a purchase locks it: a purchase counting at the same time sees this use or is seen by it.
 */
export async function holdPromoUseOnPayment(
  db: Db,
  dialect: DialectName,
  order: Pick<OrderRow, 'id' | 'user_id' | 'promo_code_id' | 'status' | 'expires_at'>,
  now: number,
): Promise<PromoOverLimit | undefined> {
  if (order.promo_code_id === null) return undefined;
  if (dialect === 'postgres')
    await sql`select id from promo_codes where id = ${order.promo_code_id} for update`.execute(db);
  const released = await db
    .updateTable('promo_redemptions')
    .set({ released_at: null })
    .where('order_id', '=', order.id)
    .where('released_at', 'is not', null)
    .executeTakeFirst();
  const late =
    Number(released.numUpdatedRows) > 0 ||
    !promoUseHeld({ status: order.status as OrderStatus, expiresAt: order.expires_at }, now);
  if (!late) return undefined;
  const promo = await db
    .selectFrom('promo_codes')
    .select(['code', 'max_uses', 'max_uses_per_user'])
    .where('id', '=', order.promo_code_id)
    .executeTakeFirstOrThrow();
  const usage = await heldUses(db, order.promo_code_id, {
    userId: order.user_id,
    now,
    ownUnpaid: true,
  });
  const limits = { maxUses: promo.max_uses, maxUsesPerUser: promo.max_uses_per_user };
  return promoUsesOverLimit(limits, usage) ? { code: promo.code, ...limits, usage } : undefined;
}

/**
 * One page of promo codes, newest first, optionally those starting with a text or only the
 * active or disabled ones, with the uses (reservations not released) of the page's codes only.
 */
export async function pagePromoCodes(
  db: Db,
  filter: { prefix?: string | undefined; exact?: string; active?: boolean | undefined },
  page: { offset: number; limit: number },
): Promise<{ items: { row: PromoRow; uses: number }[]; total: number; totalCapped: boolean }> {
  let base = db.selectFrom('promo_codes');
  if (filter.exact !== undefined) base = base.where('code', '=', filter.exact);
  if (filter.prefix) base = base.where(startsWith('code', filter.prefix));
  if (filter.active !== undefined) base = base.where('active', '=', filter.active ? 1 : 0);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    cappedCount(db, base),
  ]);
  const uses =
    rows.length === 0
      ? []
      : await db
          .selectFrom('promo_redemptions')
          .select((eb) => ['promo_code_id', eb.fn.countAll<number>().as('n')])
          .where('released_at', 'is', null)
          .where(
            'promo_code_id',
            'in',
            rows.map((r) => r.id),
          )
          .groupBy('promo_code_id')
          .execute();
  const used = new Map(uses.map((u) => [u.promo_code_id, Number(u.n)]));
  return {
    items: rows.map((row) => ({ row, uses: used.get(row.id) ?? 0 })),
    ...count,
  };
}
