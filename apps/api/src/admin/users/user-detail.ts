import { ErrorCode, type AdminResponseOf } from '@nimbus/api-sdk/contract';
import { hasActiveMembership, type Language } from '@nimbus/domain';
import { latestAuditOf } from '../../audit/index.ts';
import type { Db } from '../../db/database.ts';
import { liveSessionsOf } from '../../security/sessions.ts';
import { Refusal } from '../../errors/refusal.ts';
import { listKolAccounts, summariesNow } from '../../inviters/index.ts';
import { adminOrderRow, ordersOfUser } from '../../orders/index.ts';
import {
  accountName,
  findAnyUser,
  inviteeCount as inviteeCountOf,
  membershipOf,
  recentInvitees,
  userSummary,
} from '../../accounts/index.ts';
import { devicesOfUser } from '../../devices/index.ts';
import { seatCountOfUser } from '../../group-buy/index.ts';
import { quotaStatusOf, quotaView } from '../../membership/index.ts';

/** How many of a user's orders, invitees and audit rows the detail shows (newest first). */
export const DETAIL_RECENT = 20;
export const DETAIL_AUDIT = 50;

/** Audit rows as the console shows them (the facts as JSON text). */
export const adminAuditRow = (r: {
  id: number;
  actor: string;
  action: string;
  subject_type: string;
  subject_id: string;
  data: string;
  at: number;
}) => ({
  id: String(r.id),
  actor: r.actor,
  action: r.action,
  subjectType: r.subject_type,
  subjectId: r.subject_id,
  data: r.data,
  at: r.at,
});

/**
 * The user's KOL account with its summary from the running totals (inviters/README.md), or null:
 * two reads, not the whole ledger (the biggest KOL of the scale data set has 122,205 lines).
 */
async function kolOf(db: Db, userId: number, now: number) {
  const [account] = await listKolAccounts(db, userId);
  if (!account) return null;
  const summary = (await summariesNow(db, [account.id], now)).get(account.id);
  if (!summary) return null;
  return {
    isKol: account.is_kol === 1,
    ratePercent: account.rate_percent,
    pendingMinor: summary.pendingMinor,
    payableMinor: summary.payableMinor,
    settledMinor: summary.settledMinor,
    currency: summary.currency,
  };
}

/**
 * Everything support needs to answer a member: the account and its suspension, membership,
 * devices, live sessions, orders, invitees, group buys, KOL balances and the audit trail. The
 * console's user page and `pnpm ops user show` both show this.
 */
export async function userDetail(
  db: Db,
  userId: number,
  now: number,
  language: Language,
): Promise<AdminResponseOf<'adminUserDetail'>> {
  const user = await findAnyUser(db, { column: 'id', key: userId });
  if (!user) throw new Refusal(ErrorCode.USER_NOT_FOUND);
  const [devices, sessions, orders, invitees, inviteeCount, groups, kol, audit, traffic] =
    await Promise.all([
      devicesOfUser(db, userId),
      liveSessionsOf(db, userId, now, DETAIL_RECENT),
      ordersOfUser(db, userId, { limit: DETAIL_RECENT, offset: 0 }),
      recentInvitees(db, userId, DETAIL_RECENT),
      inviteeCountOf(db, userId),
      seatCountOfUser(db, userId),
      kolOf(db, userId, now),
      latestAuditOf(db, 'user', userId, DETAIL_AUDIT),
      quotaStatusOf(db, userId, now),
    ]);
  return {
    user: userSummary(user),
    deletedAt: user.deleted_at,
    devicesAllowed: user.devices_allowed,
    traffic: traffic && quotaView(traffic),
    membership: {
      active: hasActiveMembership(membershipOf(user), now),
      yearlyPaidUser: user.yearly_paid_user === 1,
      benefitsExpiresAt: user.benefits_expires_at,
      thirdPartyEnabled: user.third_party_enabled === 1,
    },
    inviterId: user.inviter_id === null ? null : String(user.inviter_id),
    devices: devices.map((d) => ({
      id: String(d.id),
      key: d.device_key,
      name: d.name,
      platform: String(d.platform),
      system: d.system,
      version: d.version,
      boundAt: d.created_at,
      lastSeenAt: d.last_seen_at,
    })),
    sessions: sessions.map((s) => ({
      createdAt: s.created_at,
      expiresAt: s.expires_at,
      deviceBound: s.device_id !== null,
    })),
    // The kept count (users.order_count, migration 0024), as order history's total.
    orders: { total: user.order_count, recent: orders.map((o) => adminOrderRow(o, language)) },
    invitations: {
      total: Number(inviteeCount.n),
      recent: invitees.map((i) => ({
        userId: String(i.id),
        account: accountName(i),
        registeredAt: i.created_at,
      })),
    },
    groupBuys: Number(groups.n),
    kol,
    audit: audit.map(adminAuditRow),
  };
}
