import { hasActiveMembership, KOL_PAYOUT_THRESHOLD_MINOR } from '@nimbus/domain';
import { inviteeCount, membershipOf } from '../users/user-store.ts';
import { kolBalances } from '../kol/kol-admin.ts';
import { orderProductName } from '../orders/lifecycle.ts';
import { onePositional, OpsUsageError, parseFlags, type OpsCommand } from './ops-context.ts';
import { date, fields, money, table } from './output.ts';
import { accountOf, findUserRef } from './user-lookup.ts';

const USAGE = 'pnpm ops user show <user id | e-mail | +phone | username>';
const RECENT = 20;

/**
 * user show: what support needs to answer a user: account, membership, devices, orders, referrals,
 * KOL state.
 */
export const userCommand: OpsCommand = async (args, ctx) => {
  const [sub, ...rest] = args;
  const { positionals } = parseFlags(rest, {}, USAGE);
  if (sub !== 'show') throw new OpsUsageError(`usage: ${USAGE}`);
  const { db } = ctx.services;
  const user = await findUserRef(db, onePositional(positionals, 'user', USAGE));
  const [devices, orders, orderCount, invited, kol, groups] = await Promise.all([
    db
      .selectFrom('devices')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RECENT)
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow(),
    inviteeCount(db, user.id),
    kolBalances(db, ctx.now, user.id),
    db
      .selectFrom('group_buy_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow(),
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
