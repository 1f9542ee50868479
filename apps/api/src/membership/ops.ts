import {
  REDEEM_BATCH_MAX,
  REDEEM_CODE_PATTERN,
  REDEEM_MAX_USES,
  ShopGroupType,
  validateRedeemCode,
} from '@nimbus/domain';
import { createRedeemBatch, disableRedeem } from './manage-redeem-codes.ts';
import { findRedeemCode, listRedeemCodes } from './redeem-code.ts';
import {
  instantFlag,
  intFlag,
  onePositional,
  OpsRefusal,
  OpsUsageError,
  type OpsCommand,
} from '../cli/ops-context.ts';
import { subcommands } from '../cli/subcommands.ts';
import { date, table } from '../cli/output.ts';

export const USAGE = `pnpm ops redeem create --type=standard|lite --days=N [--devices=N] [--uses=1] [--count=1] [--expires=2026-12-31] [--code=CHOSEN]
       pnpm ops redeem list
       pnpm ops redeem disable <code>`;

const OPTIONS = {
  type: { type: 'string' },
  days: { type: 'string' },
  devices: { type: 'string' },
  uses: { type: 'string' },
  count: { type: 'string' },
  expires: { type: 'string' },
  code: { type: 'string' },
} as const;

const typeName = (t: number) => (t === ShopGroupType.LITE ? 'lite' : 'standard');

/**
 * redeem: codes that grant days of Standard or Lite through system_redeem_code. Single-use
 * (--uses=1) or multi-use (each user once), with an optional expiry. The codes are printed once,
 * one per line, for handing out.
 */
export const redeemCommand: OpsCommand = subcommands(USAGE, OPTIONS, {
  create: async ({ values }, ctx) => {
    const { db } = ctx.services;
    const groupType =
      values.type === 'standard'
        ? ShopGroupType.STANDARD
        : values.type === 'lite'
          ? ShopGroupType.LITE
          : undefined;
    if (groupType === undefined)
      throw new OpsUsageError(`--type must be standard or lite\nusage: ${USAGE}`);
    const days = intFlag(values.days, 'days', 1, 3650);
    if (days === undefined) throw new OpsUsageError(`--days is required\nusage: ${USAGE}`);
    const count = intFlag(values.count, 'count', 1, REDEEM_BATCH_MAX) ?? 1;
    const expiresAt = instantFlag(values.expires, 'expires') ?? null;
    if (expiresAt !== null && expiresAt <= ctx.now)
      throw new OpsUsageError('--expires must be in the future');
    let chosen: string | undefined;
    if (values.code !== undefined) {
      const code = validateRedeemCode(values.code);
      if (!code.ok || !REDEEM_CODE_PATTERN.test(code.value))
        throw new OpsUsageError('--code must be 6-32 letters, digits, dashes or underscores');
      if (count !== 1) throw new OpsUsageError('--code names one code: leave out --count');
      chosen = code.value;
    }
    const spec = {
      groupType,
      days,
      expiresAt,
      devicesAllowed:
        intFlag(values.devices, 'devices', 1, 100) ??
        (groupType === ShopGroupType.STANDARD ? 5 : 2),
      maxUses: intFlag(values.uses, 'uses', 1, REDEEM_MAX_USES) ?? 1,
    };
    const codes = await createRedeemBatch(db, { ...spec, count, code: chosen ?? null }, ctx);
    const what = `${typeName(groupType)}, ${days} days, ${spec.maxUses === 1 ? 'single use' : `${spec.maxUses} uses`}${expiresAt === null ? '' : `, until ${date(expiresAt)}`}`;
    return {
      text: `${codes.length} redeem code(s) (${what}):\n${codes.join('\n')}`,
      json: { ...spec, type: typeName(groupType), codes },
    };
  },
  list: async (_args, { services: { db } }) => {
    const rows = await listRedeemCodes(db);
    const list = rows.map((r) => ({
      code: r.code,
      type: typeName(r.group_type),
      days: r.days,
      devices: r.devices_allowed,
      uses: r.uses,
      maxUses: r.max_uses,
      expiresAt: r.expires_at,
      active: r.active === 1,
    }));
    return {
      text: table(
        ['code', 'type', 'days', 'devices', 'uses', 'expires', 'active'],
        list.map((c) => [
          c.code,
          c.type,
          c.days,
          c.devices,
          `${c.uses}/${c.maxUses}`,
          date(c.expiresAt),
          c.active ? 'yes' : 'no',
        ]),
      ),
      json: list,
    };
  },
  disable: async ({ positionals }, ctx) => {
    const { db } = ctx.services;
    const code = validateRedeemCode(onePositional(positionals, 'redeem code', USAGE));
    if (!code.ok) throw new OpsUsageError(`expected a redeem code\nusage: ${USAGE}`);
    if (!(await findRedeemCode(db, code.value)))
      throw new OpsRefusal(`no redeem code ${code.value}`);
    const { changed } = await disableRedeem(db, code.value, ctx);
    return {
      text: `redeem code ${code.value} disabled${changed ? '' : ' (it was already)'}`,
      json: { code: code.value, disabled: true, changed },
    };
  },
});
