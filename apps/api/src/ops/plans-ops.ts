import { planDiscountPercent, ShopGroupType } from '@nimbus/domain';
import type { Selectable } from 'kysely';
import { writeAudit } from '../audit/audit.ts';
import {
  findPlanById,
  insertPlan,
  listPlans,
  nextPlanId,
  updatePlan,
} from '../catalog/plan-store.ts';
import type { PlansTable } from '../db/schema.ts';
import {
  intFlag,
  moneyFlag,
  onePositional,
  OpsRefusal,
  OpsUsageError,
  parseFlags,
  yesNoFlag,
  type OpsCommand,
  type OpsContext,
  type OpsResult,
} from './ops-context.ts';
import { money, table } from './output.ts';

type PlanRow = Selectable<PlansTable>;

export const USAGE = `pnpm ops plans list
       pnpm ops plans add --type=standard|lite --days=N --price=12.99 [--original=15.99] [--devices=N] [--group-buy=yes|no] [--recommended=yes|no] [--sort=N] [--id=N]
       pnpm ops plans update <id> [--price=..] [--original=..] [--days=N] [--devices=N] [--group-buy=yes|no] [--recommended=yes|no] [--sort=N]
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
} as const;

const typeName = (t: number) => (t === ShopGroupType.LITE ? 'lite' : 'standard');

function planJson(p: PlanRow) {
  return {
    id: p.id,
    type: typeName(p.group_type),
    days: p.duration_days,
    priceMinor: p.price_minor,
    originalPriceMinor: p.original_price_minor,
    currency: p.currency,
    devicesAllowed: p.devices_allowed,
    groupBuy: p.group_buy === 1,
    recommended: p.recommended === 1,
    sortOrder: p.sort_order,
    active: p.active === 1,
  };
}

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
    ]),
  );
}

/**
 * The plan fields a flag set asks for, checked together (a price above the original is refused).
 */
function checkPlan(p: Omit<PlanRow, 'id' | 'currency' | 'active'>): void {
  const problems: string[] = [];
  if (p.duration_days < 1 || p.duration_days > 3650) problems.push('--days must be from 1 to 3650');
  if (p.original_price_minor < p.price_minor) problems.push('--original must not be below --price');
  if (p.devices_allowed < 1) problems.push('--devices must be at least 1');
  if (problems.length > 0) throw new OpsUsageError(problems.join('\n'));
}

async function findPlan(ctx: OpsContext, idText: string): Promise<PlanRow> {
  const id = intFlag(idText, 'id', 1, 1_000_000) ?? 0;
  const plan = await findPlanById(ctx.services.db, id);
  if (!plan) throw new OpsRefusal(`no plan ${id}`);
  return plan;
}

const result = (rows: PlanRow[], heading: string): OpsResult => ({
  text: `${heading}\n${planTable(rows)}`,
  json: rows.map(planJson),
});

/**
 * plans: the catalogue the shop sells. Prices are written as amounts (12.99) and stored as minor
 * units; a change shows in the shop within its cache time (5 s). Every change is audited.
 */
export const plansCommand: OpsCommand = async (args, ctx) => {
  const [sub, ...rest] = args;
  const { values, positionals } = parseFlags(rest, OPTIONS, USAGE);
  const { db } = ctx.services;
  switch (sub) {
    case 'list': {
      const rows = await listPlans(db, 'all');
      return result(rows, `${rows.length} plan(s)`);
    }
    case 'add': {
      const type =
        values.type === 'standard'
          ? ShopGroupType.STANDARD
          : values.type === 'lite'
            ? ShopGroupType.LITE
            : undefined;
      if (type === undefined)
        throw new OpsUsageError(`--type must be standard or lite\nusage: ${USAGE}`);
      const days = intFlag(values.days, 'days', 1, 3650);
      const price = moneyFlag(values.price, 'price');
      if (days === undefined || price === undefined)
        throw new OpsUsageError(`--days and --price are required\nusage: ${USAGE}`);
      const fields = {
        group_type: type,
        duration_days: days,
        price_minor: price,
        original_price_minor: moneyFlag(values.original, 'original') ?? price,
        devices_allowed:
          intFlag(values.devices, 'devices', 1, 100) ?? (type === ShopGroupType.STANDARD ? 5 : 2),
        group_buy: yesNoFlag(values['group-buy'], 'group-buy') === true ? 1 : 0,
        recommended: yesNoFlag(values.recommended, 'recommended') === true ? 1 : 0,
        sort_order: intFlag(values.sort, 'sort', 0, 1_000_000) ?? 0,
      };
      checkPlan(fields);
      const plan = await db.transaction().execute(async (trx) => {
        const id = intFlag(values.id, 'id', 1, 1_000_000) ?? (await nextPlanId(trx));
        if (await findPlanById(trx, id)) throw new OpsRefusal(`plan ${id} exists already`);
        const row: PlanRow = {
          ...fields,
          id,
          currency: 'USD',
          active: 1,
          sort_order: fields.sort_order || id,
        };
        await insertPlan(trx, row);
        await writeAudit(trx, {
          actor: ctx.actor,
          action: 'plan.created',
          subjectType: 'plan',
          subjectId: id,
          data: planJson(row),
          at: ctx.now,
        });
        return row;
      });
      ctx.services.plans.invalidate();
      return result([plan], `plan ${plan.id} added`);
    }
    case 'update': {
      const before = await findPlan(ctx, onePositional(positionals, 'plan id', USAGE));
      const price = moneyFlag(values.price, 'price') ?? before.price_minor;
      const fields = {
        group_type: before.group_type,
        duration_days: intFlag(values.days, 'days', 1, 3650) ?? before.duration_days,
        price_minor: price,
        original_price_minor:
          moneyFlag(values.original, 'original') ?? Math.max(before.original_price_minor, price),
        devices_allowed: intFlag(values.devices, 'devices', 1, 100) ?? before.devices_allowed,
        group_buy: (yesNoFlag(values['group-buy'], 'group-buy') ?? before.group_buy === 1) ? 1 : 0,
        recommended:
          (yesNoFlag(values.recommended, 'recommended') ?? before.recommended === 1) ? 1 : 0,
        sort_order: intFlag(values.sort, 'sort', 0, 1_000_000) ?? before.sort_order,
      };
      checkPlan(fields);
      const after: PlanRow = { ...before, ...fields };
      await db.transaction().execute(async (trx) => {
        await updatePlan(trx, before.id, fields);
        await writeAudit(trx, {
          actor: ctx.actor,
          action: 'plan.updated',
          subjectType: 'plan',
          subjectId: before.id,
          data: { before: planJson(before), after: planJson(after) },
          at: ctx.now,
        });
      });
      ctx.services.plans.invalidate();
      return result([after], `plan ${before.id} updated`);
    }
    case 'disable':
    case 'enable': {
      const plan = await findPlan(ctx, onePositional(positionals, 'plan id', USAGE));
      const active = sub === 'enable' ? 1 : 0;
      if (plan.active !== active) {
        await db.transaction().execute(async (trx) => {
          await updatePlan(trx, plan.id, { active });
          await writeAudit(trx, {
            actor: ctx.actor,
            action: active === 1 ? 'plan.enabled' : 'plan.disabled',
            subjectType: 'plan',
            subjectId: plan.id,
            data: {},
            at: ctx.now,
          });
        });
        ctx.services.plans.invalidate();
      }
      return result(
        [{ ...plan, active }],
        `plan ${plan.id} ${active === 1 ? 'enabled' : 'disabled'}${plan.active === active ? ' (no change)' : ''}`,
      );
    }
    default:
      throw new OpsUsageError(`usage: ${USAGE}`);
  }
};
