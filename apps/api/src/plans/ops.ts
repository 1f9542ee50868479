import {
  PLAN_DAYS_MAX,
  PLAN_DEVICES_MAX,
  planDiscountPercent,
  planFieldErrors,
  ShopGroupType,
  TRAFFIC_QUOTA_GB_MAX,
  TRAFFIC_RESET_RULES,
  trafficQuotaErrors,
  type PlanFieldError,
  type PlanFields,
} from '@nimbus/domain';
import {
  createPlan,
  editPlan,
  planQuota,
  planView,
  setPlanActive,
  type QuotaInput,
} from './manage-plans.ts';
import { findPlanById, listPlans } from './store.ts';
import type { PlanRow } from './store.ts';
import type { CatalogServices } from './catalog-services.ts';
import {
  intFlag,
  moneyFlag,
  onePositional,
  OpsRefusal,
  OpsUsageError,
  yesNoFlag,
  type OpsCommand,
  type OpsContext,
  type OpsResult,
} from '../cli/ops-context.ts';
import { subcommands, type SubcommandArgs } from '../cli/subcommands.ts';
import { money, table } from '../cli/output.ts';

export const USAGE = `pnpm ops plans list
       pnpm ops plans add --type=standard|lite --days=N --price=12.99 [--original=15.99] [--devices=N] [--group-buy=yes|no] [--recommended=yes|no] [--sort=N] [--id=N] [--quota=GB [--reset=month_start|purchase_day|never]]
       pnpm ops plans update <id> [--price=..] [--original=..] [--days=N] [--devices=N] [--group-buy=yes|no] [--recommended=yes|no] [--sort=N] [--quota=GB|none] [--reset=..]
       pnpm ops plans disable <id> | enable <id>`;

const OPTIONS = {
  type: { type: 'string' },
  days: { type: 'string' },
  price: { type: 'string' },
  original: { type: 'string' },
  devices: { type: 'string' },
  'group-buy': { type: 'string' },
  recommended: { type: 'string' },
  sort: { type: 'string' },
  id: { type: 'string' },
  quota: { type: 'string' },
  reset: { type: 'string' },
} as const;

const typeName = (t: number) => (t === ShopGroupType.LITE ? 'lite' : 'standard');

function planTable(rows: PlanRow[]): string {
  return table(
    [
      'id',
      'type',
      'days',
      'price',
      'original',
      'discount',
      'devices',
      'group buy',
      'recommended',
      'sort',
      'active',
      'quota',
    ],
    rows.map((p) => [
      p.id,
      typeName(p.group_type),
      p.duration_days,
      money(p.price_minor, p.currency),
      money(p.original_price_minor, p.currency),
      `${planDiscountPercent(p.price_minor, p.original_price_minor)}%`,
      p.devices_allowed,
      p.group_buy === 1 ? 'yes' : 'no',
      p.recommended === 1 ? 'yes' : 'no',
      p.sort_order,
      p.active === 1 ? 'yes' : 'no',
      quotaText(p),
    ]),
  );
}

function quotaText(p: PlanRow): string {
  const quota = planQuota(p);
  return quota === null ? '-' : `${quota.gb} GB, ${quota.reset}`;
}

/**
 * The quota the --quota and --reset flags ask for: undefined when neither is given, null for
 * --quota=none; checked by the domain rule (usage errors). --reset alone changes the rule of the
 * plan's quota (`current`).
 */
function quotaFlags(
  values: { quota?: string | undefined; reset?: string | undefined },
  current: PlanRow | undefined,
): QuotaInput | null | undefined {
  if (values.quota === undefined && values.reset === undefined) return undefined;
  if (values.quota === 'none') return null;
  const gb = values.quota === undefined ? current?.quota_gb : Number(values.quota.trim() || NaN);
  if (gb === undefined || gb === null)
    throw new OpsUsageError('--reset needs --quota (the plan has no quota)');
  const reset = values.reset ?? current?.quota_reset ?? 'month_start';
  const errors = trafficQuotaErrors({ gb, reset });
  const problems = [
    ...(errors.gb ? [`--quota must be whole GB from 1 to ${TRAFFIC_QUOTA_GB_MAX}, or none`] : []),
    ...(errors.reset ? [`--reset must be one of ${TRAFFIC_RESET_RULES.join(', ')}`] : []),
  ];
  if (problems.length > 0) throw new OpsUsageError(problems.join('\n'));
  return { gb, reset };
}

const PROBLEMS: Record<PlanFieldError, string> = {
  days_invalid: `--days must be a whole number from 1 to ${PLAN_DAYS_MAX}`,
  amount_invalid: '--price and --original must be amounts such as 12.99',
  original_below_price: '--original must not be below --price',
  devices_invalid: `--devices must be from 1 to ${PLAN_DEVICES_MAX}`,
};

/** The plan fields a flag set asks for, checked together by the domain rule (usage errors). */
function checkPlan(p: PlanFields): void {
  const problems = planFieldErrors(p).map((e) => PROBLEMS[e]);
  if (problems.length > 0) throw new OpsUsageError(problems.join('\n'));
}

async function findPlan(ctx: OpsContext<CatalogServices>, idText: string): Promise<PlanRow> {
  const id = intFlag(idText, 'id', 1, 1_000_000) ?? 0;
  const plan = await findPlanById(ctx.services.db, id);
  if (!plan) throw new OpsRefusal(`no plan ${id}`);
  return plan;
}

const result = (rows: PlanRow[], heading: string): OpsResult => ({
  text: `${heading}\n${planTable(rows)}`,
  json: rows.map(planView),
});

/**
 * plans: the catalogue the shop sells. Prices are written as amounts (12.99) and stored as minor
 * units; a change shows in the shop within its cache time (5 s). Every change is audited.
 */
export const plansCommand: OpsCommand<CatalogServices> = subcommands(USAGE, OPTIONS, {
  list: async (_args, { services: { db } }) => {
    const rows = await listPlans(db, 'all');
    return result(rows, `${rows.length} plan(s)`);
  },
  add: async ({ values }, ctx) => {
    const type =
      values.type === 'standard'
        ? ShopGroupType.STANDARD
        : values.type === 'lite'
          ? ShopGroupType.LITE
          : undefined;
    if (type === undefined)
      throw new OpsUsageError(`--type must be standard or lite\nusage: ${USAGE}`);
    const days = intFlag(values.days, 'days', 1, PLAN_DAYS_MAX);
    const price = moneyFlag(values.price, 'price');
    if (days === undefined || price === undefined)
      throw new OpsUsageError(`--days and --price are required\nusage: ${USAGE}`);
    const input = {
      groupType: type,
      durationDays: days,
      priceMinor: price,
      originalPriceMinor: moneyFlag(values.original, 'original') ?? price,
      devicesAllowed:
        intFlag(values.devices, 'devices', 1, PLAN_DEVICES_MAX) ??
        (type === ShopGroupType.STANDARD ? 5 : 2),
      groupBuy: yesNoFlag(values['group-buy'], 'group-buy') === true,
      recommended: yesNoFlag(values.recommended, 'recommended') === true,
      sortOrder: intFlag(values.sort, 'sort', 0, 1_000_000) ?? 0,
      id: intFlag(values.id, 'id', 1, 1_000_000),
      quota: quotaFlags(values, undefined),
    };
    checkPlan(input);
    if (input.id !== undefined && (await findPlanById(ctx.services.db, input.id)))
      throw new OpsRefusal(`plan ${input.id} exists already`);
    const plan = await createPlan(ctx.services, input, ctx);
    return result([plan], `plan ${plan.id} added`);
  },
  update: async ({ values, positionals }, ctx) => {
    const before = await findPlan(ctx, onePositional(positionals, 'plan id', USAGE));
    const edit = {
      durationDays: intFlag(values.days, 'days', 1, PLAN_DAYS_MAX),
      priceMinor: moneyFlag(values.price, 'price'),
      originalPriceMinor: moneyFlag(values.original, 'original'),
      devicesAllowed: intFlag(values.devices, 'devices', 1, PLAN_DEVICES_MAX),
      groupBuy: yesNoFlag(values['group-buy'], 'group-buy'),
      recommended: yesNoFlag(values.recommended, 'recommended'),
      sortOrder: intFlag(values.sort, 'sort', 0, 1_000_000),
      quota: quotaFlags(values, before),
    };
    const price = edit.priceMinor ?? before.price_minor;
    checkPlan({
      durationDays: edit.durationDays ?? before.duration_days,
      priceMinor: price,
      originalPriceMinor: edit.originalPriceMinor ?? Math.max(before.original_price_minor, price),
      devicesAllowed: edit.devicesAllowed ?? before.devices_allowed,
    });
    const { after } = await editPlan(ctx.services, before.id, edit, ctx);
    return result([after], `plan ${before.id} updated`);
  },
  disable: setActive,
  enable: setActive,
});

/** plans disable <id> | enable <id>. */
async function setActive(
  { positionals, sub }: SubcommandArgs<typeof OPTIONS>,
  ctx: OpsContext<CatalogServices>,
): Promise<OpsResult> {
  const found = await findPlan(ctx, onePositional(positionals, 'plan id', USAGE));
  const { plan, changed } = await setPlanActive(ctx.services, found.id, sub === 'enable', ctx);
  return result([plan], `plan ${plan.id} ${sub}d${changed ? '' : ' (no change)'}`);
}
