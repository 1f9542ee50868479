import type { AdminResponseOf } from '@nimbus/api-sdk/contract';
import { KOL_PAYOUT_THRESHOLD_MINOR } from '@nimbus/domain';
import { DETAIL_RECENT, userDetail } from '../admin/users/user-detail.ts';
import { onePositional, parseFlags, type OpsContext, type OpsResult } from '../cli/ops-context.ts';
import { date, fields, money, table } from '../cli/output.ts';
import { findUserRef } from '../cli/user-lookup.ts';
import { gbText } from '../membership/index.ts';

type Detail = AdminResponseOf<'adminUserDetail'>;

/** The audit rows the text shows (the JSON has every row the console has). */
const AUDIT_LINES = 10;

/**
 * user show: the console's user detail (admin/users/user-detail.ts), so both show the same
 * facts: account, suspension, membership, devices, live sessions, orders, invitations, group
 * buys, KOL state and the audit trail. The JSON keeps the names and types this command has
 * always printed (numeric ids, `kol: { isKol: false }` for a user who never was one) and adds
 * the rest of the detail.
 */
export async function showUser(rest: string[], ctx: OpsContext, usage: string): Promise<OpsResult> {
  const { positionals } = parseFlags(rest, {}, usage);
  const { db } = ctx.services;
  const ref = await findUserRef(db, onePositional(positionals, 'user', usage));
  const d = await userDetail(db, ref.id, ctx.now, 'en');
  return { text: showText(d, ctx.now), json: showJson(d) };
}

function showJson(d: Detail) {
  const u = d.user;
  return {
    userId: Number(u.userId),
    username: u.username,
    email: u.email,
    phone: u.phone,
    registeredAt: u.registeredAt,
    deletedAt: d.deletedAt,
    inviteCode: u.inviteCode,
    inviterId: d.inviterId === null ? null : Number(d.inviterId),
    invitedCount: d.invitations.total,
    suspension: u.suspendedAt === null ? null : { at: u.suspendedAt, reason: u.suspensionReason },
    membership: {
      active: d.membership.active,
      standardExpiresAt: u.standardExpiresAt,
      liteExpiresAt: u.liteExpiresAt,
      devicesAllowed: d.devicesAllowed,
      yearlyPaidUser: d.membership.yearlyPaidUser,
      benefitsExpiresAt: d.membership.benefitsExpiresAt,
      thirdPartyEnabled: d.membership.thirdPartyEnabled,
    },
    traffic: d.traffic,
    devices: d.devices.map((v) => ({ ...v, id: Number(v.id), platform: Number(v.platform) })),
    sessions: d.sessions,
    orders: d.orders,
    invitations: d.invitations.recent,
    groupBuys: d.groupBuys,
    kol: d.kol ?? { isKol: false },
    audit: d.audit,
  };
}

/** "12.3 GB of 100 GB (12%), resets 2026-12-01" or "no quota". */
function trafficText(t: Detail['traffic']): string {
  if (t === null) return 'no quota';
  const reset = t.nextReset === null ? 'never resets' : `resets ${date(t.nextReset)}`;
  return `${gbText(t.usedBytes)} of ${gbText(t.allowanceBytes)} (${t.percent}%${t.over ? ', over quota' : ''}), ${reset}`;
}

function showText(d: Detail, now: number): string {
  const u = d.user;
  const expiry = (ms: number | null) =>
    ms === null ? '-' : `${date(ms)}${ms > now ? '' : ' (ended)'}`;
  const { kol, membership } = d;
  const more = (total: number) => (total > DETAIL_RECENT ? `, latest ${DETAIL_RECENT}` : '');
  return [
    fields([
      [
        'user',
        `${u.userId} ${u.account}${d.deletedAt === null ? '' : ` - deleted ${date(d.deletedAt)}`}`,
      ],
      ['username', u.username],
      ['e-mail', u.email],
      ['phone', u.phone],
      ['registered', date(u.registeredAt)],
      [
        'suspended',
        u.suspendedAt === null ? 'no' : `${date(u.suspendedAt)}: ${u.suspensionReason ?? ''}`,
      ],
      ['invite code', u.inviteCode],
      ['invited by', d.inviterId],
      ['invited', d.invitations.total],
      ['membership', membership.active ? 'active' : 'none'],
      ['standard until', expiry(u.standardExpiresAt)],
      ['lite until', expiry(u.liteExpiresAt)],
      ['devices allowed', d.devicesAllowed],
      ['traffic', trafficText(d.traffic)],
      [
        'yearly benefits',
        membership.yearlyPaidUser ? `yes, until ${date(membership.benefitsExpiresAt)}` : 'no',
      ],
      ['third-party client', membership.thirdPartyEnabled ? 'on' : 'off'],
      ['group buys', d.groupBuys],
      [
        'kol',
        kol
          ? `${kol.isKol ? 'yes' : 'no longer'}, ${kol.ratePercent}% - pending ${money(kol.pendingMinor, kol.currency)}, payable ${money(kol.payableMinor, kol.currency)} of ${money(KOL_PAYOUT_THRESHOLD_MINOR, 'USD')}, settled ${money(kol.settledMinor, kol.currency)}`
          : 'no',
      ],
    ]),
    '',
    `devices (${d.devices.length}):`,
    table(
      ['name', 'platform', 'system', 'version', 'bound', 'last seen'],
      d.devices.map((v) => [
        v.name,
        v.platform,
        v.system,
        v.version,
        date(v.boundAt),
        date(v.lastSeenAt),
      ]),
    ),
    '',
    `live sessions (${d.sessions.length}):`,
    table(
      ['created', 'expires', 'device'],
      d.sessions.map((s) => [date(s.createdAt), date(s.expiresAt), s.deviceBound ? 'yes' : 'no']),
    ),
    '',
    `orders (${d.orders.total}${more(d.orders.total)}):`,
    table(
      ['order', 'kind', 'product', 'amount', 'method', 'status', 'created', 'paid'],
      d.orders.recent.map((o) => [
        o.orderId,
        o.kind,
        o.product,
        money(o.amountMinor, o.currency),
        o.method,
        o.status,
        date(o.createdAt),
        date(o.paidAt),
      ]),
    ),
    '',
    `invited users (${d.invitations.total}${more(d.invitations.total)}):`,
    table(
      ['user', 'account', 'registered'],
      d.invitations.recent.map((i) => [i.userId, i.account, date(i.registeredAt)]),
    ),
    '',
    `audit trail (latest ${Math.min(AUDIT_LINES, d.audit.length)}):`,
    table(
      ['at', 'action', 'actor', 'details'],
      d.audit.slice(0, AUDIT_LINES).map((a) => [date(a.at), a.action, a.actor, a.data]),
    ),
  ].join('\n');
}
