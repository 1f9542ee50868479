import {
  ADJUSTMENT_DAYS_MAX,
  hasActiveMembership,
  KOL_PAYOUT_THRESHOLD_MINOR,
} from '@nimbus/domain';
import { Refusal } from '../errors/refusal.ts';
import {
  adjustUserTime,
  reinstateUser,
  revokeUserSessions,
  suspendUser,
} from '../admin/users/user-admin.ts';
import type { UserSummary } from '../users/user-search.ts';
import { inviteeCount, membershipOf } from '../users/user-store.ts';
import { devicesOfUser } from '../devices/device-store.ts';
import { seatCountOfUser } from '../group-buy/group-store.ts';
import { kolBalances } from '../kol/kol-admin.ts';
import { orderProductName } from '../orders/lifecycle.ts';
import { orderCountOfUser, ordersOfUser } from '../orders/order-store.ts';
import {
  intFlag,
  onePositional,
  OpsRefusal,
  OpsUsageError,
  parseFlags,
  requireString,
  type OpsCommand,
  type OpsContext,
  type OpsResult,
} from './ops-context.ts';
import { date, fields, money, table } from './output.ts';
import { CONTACT_USAGE, contactCommand } from './user-contact-ops.ts';
import { accountOf, findUserRef, USER_REF as USER } from './user-lookup.ts';

export const USAGE = `pnpm ops user show ${USER}
       pnpm ops user suspend ${USER} --reason=<what the member is told at login>
       pnpm ops user reinstate ${USER} --reason=<why>
       pnpm ops user signout ${USER}     (ends every session of the account)
       pnpm ops user time ${USER} --plan=standard|lite --days=<+/-days> --reason=<why>
       ${CONTACT_USAGE}`;
const RECENT = 20;

/**
 * user show: what support needs to answer a user: account, membership, devices, orders, referrals,
 * KOL state.
 */
export const userCommand: OpsCommand = async (args, ctx) => {
  const [sub, ...rest] = args;
  if (sub === 'email' || sub === 'phone') return contactCommand(sub, rest, ctx);
  if (sub !== 'show') return changeUser(sub, rest, ctx);
  const { positionals } = parseFlags(rest, {}, USAGE);
  const { db } = ctx.services;
  const user = await findUserRef(db, onePositional(positionals, 'user', USAGE));
  const [devices, orders, orderCount, invited, kol, groups] = await Promise.all([
    devicesOfUser(db, user.id),
    ordersOfUser(db, user.id, { limit: RECENT, offset: 0 }),
    orderCountOfUser(db, user.id),
    inviteeCount(db, user.id),
    kolBalances(db, ctx.now, user.id),
    seatCountOfUser(db, user.id),
  ]);
  const membership = membershipOf(user);
  const balance = kol[0];
  const json = {
    userId: user.id,
    username: user.username_display,
    email: user.email,
    phone: user.phone,
    registeredAt: user.created_at,
    deletedAt: user.deleted_at,
    inviteCode: user.invite_code,
    inviterId: user.inviter_id,
    invitedCount: Number(invited.n),
    membership: {
      active: hasActiveMembership(membership, ctx.now),
      standardExpiresAt: user.standard_expires_at,
      liteExpiresAt: user.lite_expires_at,
      devicesAllowed: user.devices_allowed,
      yearlyPaidUser: user.yearly_paid_user === 1,
      benefitsExpiresAt: user.benefits_expires_at,
      thirdPartyEnabled: user.third_party_enabled === 1,
    },
    devices: devices.map((d) => ({
      key: d.device_key,
      name: d.name,
      platform: d.platform,
      system: d.system,
      version: d.version,
      boundAt: d.created_at,
      lastSeenAt: d.last_seen_at,
    })),
    orders: {
      total: Number(orderCount.n),
      recent: orders.map((o) => ({
        orderId: o.public_id,
        kind: o.kind,
        status: o.status,
        product: orderProductName(o, 'en'),
        amountMinor: o.amount_minor,
        currency: o.currency,
        method: o.payment_method,
        createdAt: o.created_at,
        paidAt: o.paid_at,
        refundedAt: o.refunded_at,
      })),
    },
    groupBuys: Number(groups.n),
    kol: balance
      ? {
          isKol: balance.isKol,
          ratePercent: balance.ratePercent,
          pendingMinor: balance.summary.pendingMinor,
          payableMinor: balance.summary.payableMinor,
          settledMinor: balance.summary.settledMinor,
          currency: balance.summary.currency,
        }
      : { isKol: false },
  };
  const expiry = (ms: number | null) =>
    ms === null ? '-' : `${date(ms)}${ms > ctx.now ? '' : ' (ended)'}`;
  const text = [
    fields([
      [
        'user',
        `${user.id} ${accountOf(user)}${user.deleted_at === null ? '' : ` - deleted ${date(user.deleted_at)}`}`,
      ],
      ['username', user.username_display],
      ['e-mail', user.email],
      ['phone', user.phone],
      ['registered', date(user.created_at)],
      ['invite code', user.invite_code],
      ['invited by', user.inviter_id],
      ['invited', Number(invited.n)],
      ['standard until', expiry(user.standard_expires_at)],
      ['lite until', expiry(user.lite_expires_at)],
      ['devices allowed', user.devices_allowed],
      [
        'yearly benefits',
        user.yearly_paid_user === 1 ? `yes, until ${date(user.benefits_expires_at)}` : 'no',
      ],
      ['third-party client', user.third_party_enabled === 1 ? 'on' : 'off'],
      ['group buys', Number(groups.n)],
      [
        'kol',
        balance
          ? `${balance.isKol ? 'yes' : 'no longer'}, ${balance.ratePercent}% - pending ${money(balance.summary.pendingMinor, 'USD')}, payable ${money(balance.summary.payableMinor, 'USD')} of ${money(KOL_PAYOUT_THRESHOLD_MINOR, 'USD')}, settled ${money(balance.summary.settledMinor, 'USD')}`
          : 'no',
      ],
    ]),
    '',
    `devices (${devices.length}):`,
    table(
      ['name', 'platform', 'system', 'version', 'bound', 'last seen'],
      devices.map((d) => [
        d.name,
        d.platform,
        d.system,
        d.version,
        date(d.created_at),
        date(d.last_seen_at),
      ]),
    ),
    '',
    `orders (${Number(orderCount.n)}${Number(orderCount.n) > RECENT ? `, latest ${RECENT}` : ''}):`,
    table(
      ['order', 'kind', 'product', 'amount', 'method', 'status', 'created', 'paid'],
      orders.map((o) => [
        o.public_id,
        o.kind,
        orderProductName(o, 'en'),
        money(o.amount_minor, o.currency),
        o.payment_method,
        o.status,
        date(o.created_at),
        date(o.paid_at),
      ]),
    ),
  ].join('\n');
  return { text, json };
};

/**
 * user suspend|reinstate|signout|time: what support changes on an account, through the same
 * service as the console (users/user-admin.ts), audited as the OS account.
 */
async function changeUser(
  sub: string | undefined,
  rest: string[],
  ctx: OpsContext,
): Promise<OpsResult> {
  const { values, positionals } = parseFlags(
    rest,
    { reason: { type: 'string' }, plan: { type: 'string' }, days: { type: 'string' } },
    USAGE,
  );
  const { services, actor, now } = ctx;
  const target = async () =>
    (await findUserRef(services.db, onePositional(positionals, 'user', USAGE))).id;
  const reason = () => requireString(values.reason, 'reason', USAGE);
  const summary = (u: UserSummary, what: string) => ({
    text: `${what}\n${fields([
      ['user', `${u.userId} ${u.account}`],
      [
        'suspended',
        u.suspendedAt === null ? 'no' : `${date(u.suspendedAt)}: ${u.suspensionReason ?? ''}`,
      ],
      ['standard until', date(u.standardExpiresAt)],
      ['lite until', date(u.liteExpiresAt)],
    ])}`,
    json: u,
  });
  try {
    switch (sub) {
      case 'suspend':
        return summary(
          await suspendUser(services, { userId: await target(), reason: reason() }, actor, now),
          'suspended',
        );
      case 'reinstate':
        return summary(
          await reinstateUser(services, { userId: await target(), reason: reason() }, actor, now),
          'reinstated',
        );
      case 'signout': {
        const revoked = await revokeUserSessions(services, await target(), actor, now);
        return { text: `${revoked} session(s) ended`, json: { revoked } };
      }
      case 'time': {
        const plan = values.plan;
        if (plan !== 'standard' && plan !== 'lite')
          throw new OpsUsageError(`--plan must be standard or lite\nusage: ${USAGE}`);
        const days = intFlag(values.days, 'days', -ADJUSTMENT_DAYS_MAX, ADJUSTMENT_DAYS_MAX);
        if (days === undefined || days === 0)
          throw new OpsUsageError(`--days is required and not 0\nusage: ${USAGE}`);
        return summary(
          await adjustUserTime(
            services,
            { userId: await target(), plan, days, reason: reason() },
            actor,
            now,
          ),
          days > 0 ? `${days} day(s) of ${plan} granted` : `${-days} day(s) of ${plan} deducted`,
        );
      }
      default:
        throw new OpsUsageError(`usage: ${USAGE}`);
    }
  } catch (error) {
    if (error instanceof Refusal) throw new OpsRefusal(`refused: ${error.entry.status}`);
    throw error;
  }
}
