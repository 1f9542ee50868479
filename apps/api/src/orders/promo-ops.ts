import {
  PROMO_CODE_PATTERN,
  PROMO_MAX_USES,
  PROMO_MAX_USES_PER_USER,
  PromoKind,
  validatePromoCode,
} from '@nimbus/domain';
import { knownPlanIds } from '../plans/index.ts';
import { createPromo, disablePromo } from './manage-promo-codes.ts';
import { findPromoCode, listPromoCodes } from './promo-codes.ts';
import {
  instantFlag,
  intFlag,
  moneyFlag,
  onePositional,
  OpsRefusal,
  OpsUsageError,
  type OpsCommand,
} from '../cli/ops-context.ts';
import { subcommands } from '../cli/subcommands.ts';
import { date, money, table } from '../cli/output.ts';

export const USAGE = `pnpm ops coupons create --code=SPRING20 (--percent=20 | --amount=5.00 [--currency=USD]) [--starts=2026-12-01] [--ends=2026-12-31] [--max-uses=N] [--per-user=N] [--plans=1,3]
       pnpm ops coupons list
       pnpm ops coupons disable <code>`;

const OPTIONS = {
  code: { type: 'string' },
  percent: { type: 'string' },
  amount: { type: 'string' },
  currency: { type: 'string' },
  starts: { type: 'string' },
  ends: { type: 'string' },
  'max-uses': { type: 'string' },
  'per-user': { type: 'string' },
  plans: { type: 'string' },
} as const;

/**
 * coupons: promo codes for payment_coupon and payment_purchase, applied by the domain's promo
 * rule. Uses count the reservations of orders that have not failed or expired.
 */
export const couponsCommand: OpsCommand = subcommands(USAGE, OPTIONS, {
  create: async ({ values }, ctx) => {
    const { db } = ctx.services;
    const code = validatePromoCode(typeof values.code === 'string' ? values.code : '');
    if (!code.ok) throw new OpsUsageError(`--code is required\nusage: ${USAGE}`);
    if (!PROMO_CODE_PATTERN.test(code.value))
      throw new OpsUsageError('--code must be 3-32 letters, digits, dashes or underscores');
    const percent = intFlag(values.percent, 'percent', 1, 100);
    const amount = moneyFlag(values.amount, 'amount');
    if ((percent === undefined) === (amount === undefined))
      throw new OpsUsageError(`give either --percent or --amount\nusage: ${USAGE}`);
    if (amount === 0) throw new OpsUsageError('--amount must be more than 0');
    const currency = (values.currency ?? 'USD').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency))
      throw new OpsUsageError('--currency must be a 3-letter code such as USD');
    const startsAt = instantFlag(values.starts, 'starts') ?? null;
    const endsAt = instantFlag(values.ends, 'ends') ?? null;
    if (startsAt !== null && endsAt !== null && endsAt <= startsAt)
      throw new OpsUsageError('--ends must be after --starts');
    const planIds =
      values.plans === undefined
        ? null
        : values.plans.split(',').map((p) => intFlag(p, 'plans', 1, 1_000_000) ?? 0);
    if (planIds) {
      const known = await knownPlanIds(db, planIds);
      const missing = planIds.filter((id) => !known.has(id));
      if (missing.length > 0) throw new OpsRefusal(`no plan ${missing.join(', ')}`);
    }
    const promo = {
      code: code.value,
      kind: percent !== undefined ? PromoKind.PERCENT : PromoKind.FIXED,
      value: percent ?? amount ?? 0,
      currency: amount !== undefined ? currency : null,
      startsAt,
      endsAt,
      maxUses: intFlag(values['max-uses'], 'max-uses', 1, PROMO_MAX_USES) ?? null,
      maxUsesPerUser: intFlag(values['per-user'], 'per-user', 1, PROMO_MAX_USES_PER_USER) ?? null,
      planIds,
    };
    await createPromo(db, promo, ctx);
    const off =
      promo.kind === PromoKind.PERCENT
        ? `${promo.value}% off`
        : `${money(promo.value, currency)} off`;
    return { text: `coupon ${promo.code} created: ${off}`, json: promo };
  },
  list: async (_args, { services: { db } }) => {
    const list = (await listPromoCodes(db)).map(({ row: r, uses }) => ({
      code: r.code,
      kind: r.kind,
      value: r.value,
      currency: r.currency,
      startsAt: r.starts_at,
      endsAt: r.ends_at,
      uses,
      maxUses: r.max_uses,
      maxUsesPerUser: r.max_uses_per_user,
      planIds: r.plan_ids === null ? null : (JSON.parse(r.plan_ids) as number[]),
      active: r.active === 1,
    }));
    return {
      text: table(
        ['code', 'discount', 'from', 'until', 'uses', 'per user', 'plans', 'active'],
        list.map((c) => [
          c.code,
          c.kind === PromoKind.PERCENT ? `${c.value}%` : money(c.value, c.currency ?? 'USD'),
          date(c.startsAt),
          date(c.endsAt),
          `${c.uses}/${c.maxUses ?? '∞'}`,
          c.maxUsesPerUser ?? '∞',
          c.planIds?.join(',') ?? 'all',
          c.active ? 'yes' : 'no',
        ]),
      ),
      json: list,
    };
  },
  disable: async ({ positionals }, ctx) => {
    const { db } = ctx.services;
    const code = validatePromoCode(onePositional(positionals, 'coupon code', USAGE));
    if (!code.ok) throw new OpsUsageError(`expected a coupon code\nusage: ${USAGE}`);
    if (!(await findPromoCode(db, code.value))) throw new OpsRefusal(`no coupon ${code.value}`);
    const { changed } = await disablePromo(db, code.value, ctx);
    return {
      text: `coupon ${code.value} disabled${changed ? '' : ' (it was already)'}`,
      json: { code: code.value, disabled: true, changed },
    };
  },
});
