import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { quotaGbText } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { DetailList } from '@nimbus/ui/detail-list';
import { Link } from 'react-router';
import * as styles from './console.css.ts';
import { when } from './format.ts';
import { userStatus } from './UsersScreen.tsx';

/**
 * A user's account facts on the user page: status and suspension, names, membership and its
 * switches, who invited them and whom they invited, group buys and KOL state (the same facts as
 * `pnpm ops user show`).
 */
export function UserFacts({ detail: d }: { detail: AdminResponseOf<'adminUserDetail'> }) {
  const { t } = useTranslation('admin');
  const u = d.user;
  return (
    <div className={styles.card}>
      <DetailList
        items={[
          { key: 'status', term: t('col_status'), value: t(userStatus(u)) },
          {
            key: 'suspension',
            term: t('field_suspension'),
            value:
              u.suspendedAt === null
                ? t('none')
                : `${when(u.suspendedAt)}: ${u.suspensionReason ?? ''}`,
          },
          { key: 'email', term: t('field_email'), value: u.email ?? '-' },
          { key: 'phone', term: t('field_phone'), value: u.phone ?? '-' },
          { key: 'username', term: t('field_username'), value: u.username ?? '-' },
          { key: 'invite', term: t('field_invite_code'), value: u.inviteCode },
          { key: 'registered', term: t('col_registered'), value: when(u.registeredAt) },
          ...(d.deletedAt === null
            ? []
            : [{ key: 'deleted', term: t('field_deleted'), value: when(d.deletedAt) }]),
          { key: 'standard', term: t('col_standard'), value: when(u.standardExpiresAt) },
          { key: 'lite', term: t('field_lite'), value: when(u.liteExpiresAt) },
          {
            key: 'membership',
            term: t('field_membership'),
            value: d.membership.active ? t('membership_active') : t('none'),
          },
          { key: 'devices', term: t('field_devices_allowed'), value: d.devicesAllowed },
          {
            key: 'traffic',
            term: t('field_traffic'),
            value:
              d.traffic === null
                ? t('traffic_no_quota')
                : [
                    t('traffic_used', {
                      used: quotaGbText(d.traffic.usedBytes),
                      allowance: quotaGbText(d.traffic.allowanceBytes),
                      percent: d.traffic.percent,
                    }),
                    d.traffic.over ? t('traffic_over') : null,
                    d.traffic.nextReset === null
                      ? t('traffic_never_resets')
                      : t('traffic_resets', { date: when(d.traffic.nextReset) }),
                  ]
                    .filter((part) => part !== null)
                    .join(' · '),
          },
          {
            key: 'benefits',
            term: t('field_benefits'),
            value: d.membership.yearlyPaidUser
              ? t('benefits_until', { date: when(d.membership.benefitsExpiresAt) })
              : t('no'),
          },
          {
            key: 'third-party',
            term: t('field_third_party'),
            value: d.membership.thirdPartyEnabled ? t('switch_on') : t('switch_off'),
          },
          {
            key: 'inviter',
            term: t('field_invited_by'),
            value:
              d.inviterId === null ? (
                '-'
              ) : (
                <Link to={`/users/${d.inviterId}`}>{`#${d.inviterId}`}</Link>
              ),
          },
          { key: 'invited', term: t('field_invited'), value: d.invitations.total },
          { key: 'group-buys', term: t('field_group_buys'), value: d.groupBuys },
          {
            key: 'kol',
            term: t('field_kol'),
            value: d.kol ? `${d.kol.isKol ? t('yes') : t('no')} (${d.kol.ratePercent}%)` : t('no'),
          },
        ]}
      />
    </div>
  );
}
