import { parseArgs } from 'node:util';
import { PromoKind, ShopGroupType } from '@nimbus/domain';
import { Refusal } from '../errors/refusal.ts';
import { createRedeemCode } from '../membership/redeem-code.ts';
import type { OrderServices } from '../orders/order-services.ts';
import { refundOrder } from '../orders/lifecycle.ts';
import { createPromoCode } from '../orders/promo-codes.ts';

/**
 * Operator commands of the payments part, run by `pnpm ops <command> --flag=value ...`:
 *   refund --order=<orderId> --by=<operator>
 *   promo-create --code=SPRING20 (--percent=20 | --amount=500 --currency=USD)
 *                [--starts=<ISO>] [--ends=<ISO>] [--max-uses=N] [--per-user=N] [--plans=1,2]
 *   redeem-create --type=standard|lite --days=30 [--devices=N] [--uses=1] [--count=1]
 * [--expires=<ISO>]
 * Each prints what it did as JSON on stdout and throws on a bad argument.
 */
export const PAYMENT_OPS_COMMANDS = ['refund', 'promo-create', 'redeem-create'] as const;
export type PaymentOpsCommand = (typeof PAYMENT_OPS_COMMANDS)[number];

export class UsageError extends Error {}

const int = (value: string | undefined, name: string, min: number): number | null => {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min)
    throw new UsageError(`--${name} must be an integer >= ${min}`);
  return n;
};
const instant = (value: string | undefined, name: string): number | null => {
  if (value === undefined) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new UsageError(`--${name} must be an ISO date-time`);
  return ms;
};

export async function runPaymentOps(
  command: PaymentOpsCommand,
  args: string[],
  services: OrderServices,
  now: number,
): Promise<unknown> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      order: { type: 'string' },
      by: { type: 'string' },
      code: { type: 'string' },
      percent: { type: 'string' },
      amount: { type: 'string' },
      currency: { type: 'string' },
      starts: { type: 'string' },
      ends: { type: 'string' },
      'max-uses': { type: 'string' },
      'per-user': { type: 'string' },
      plans: { type: 'string' },
      type: { type: 'string' },
      days: { type: 'string' },
      devices: { type: 'string' },
      uses: { type: 'string' },
      count: { type: 'string' },
      expires: { type: 'string' },
    },
  });
  switch (command) {
    case 'refund': {
      if (!values.order || !values.by)
        throw new UsageError('refund needs --order=<orderId> and --by=<operator name>');
      try {
        return {
          orderId: values.order,
          ...(await refundOrder(services, values.order, `ops:${values.by}`, now)),
        };
      } catch (error) {
        // OrderNotFound, RefundNotAllowed: a message for the operator, not a stack trace.
        if (error instanceof Refusal)
          throw new UsageError(`order ${values.order}: ${error.entry.status}`);
        throw error;
      }
    }
    case 'promo-create': {
      if (!values.code) throw new UsageError('promo-create needs --code');
      const percent = int(values.percent, 'percent', 1);
      const amount = int(values.amount, 'amount', 1);
      if ((percent === null) === (amount === null))
        throw new UsageError('promo-create needs either --percent or --amount (with --currency)');
      if (percent !== null && percent > 100) throw new UsageError('--percent must be at most 100');
      const plans = values.plans?.split(',').map((p) => int(p.trim(), 'plans', 1) ?? 0) ?? null;
      const id = await createPromoCode(
        services.db,
        {
          code: values.code,
          kind: percent !== null ? PromoKind.PERCENT : PromoKind.FIXED,
          value: percent ?? amount ?? 0,
          currency: amount !== null ? (values.currency ?? 'USD').toUpperCase() : null,
          startsAt: instant(values.starts, 'starts'),
          endsAt: instant(values.ends, 'ends'),
          maxUses: int(values['max-uses'], 'max-uses', 1),
          maxUsesPerUser: int(values['per-user'], 'per-user', 1),
          planIds: plans,
        },
        now,
      );
      return { id, code: values.code.trim().toUpperCase() };
    }
    case 'redeem-create': {
      const groupType =
        values.type === 'standard'
          ? ShopGroupType.STANDARD
          : values.type === 'lite'
            ? ShopGroupType.LITE
            : undefined;
      const days = int(values.days, 'days', 1);
      if (groupType === undefined || days === null)
        throw new UsageError('redeem-create needs --type=standard|lite and --days=N');
      const count = int(values.count, 'count', 1) ?? 1;
      const codes: string[] = [];
      for (let i = 0; i < count; i++) {
        codes.push(
          await createRedeemCode(
            services.db,
            {
              groupType,
              days,
              devicesAllowed:
                int(values.devices, 'devices', 1) ?? (groupType === ShopGroupType.STANDARD ? 5 : 2),
              maxUses: int(values.uses, 'uses', 1) ?? 1,
              expiresAt: instant(values.expires, 'expires'),
              ...(count === 1 && values.code ? { code: values.code } : {}),
            },
            now,
          ),
        );
      }
      return { codes };
    }
  }
}
