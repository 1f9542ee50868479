import type { UserInfo } from '@nimbus/api-sdk/contract';
import { formatDate, useTranslation, type Language } from '@nimbus/i18n';
import { StatusTag } from '@nimbus/ui/badge';
import { Card } from '@nimbus/ui/card';
import { CopyButton } from '@nimbus/ui/copy-button';
import { Ellipsis } from '@nimbus/ui/ellipsis';
import { DetailList, type DetailItem } from '@nimbus/ui/detail-list';
import { LinkButton } from '@nimbus/ui/link-button';
import { QRCode } from '@nimbus/ui/qr-code';
import { useMoment } from '@nimbus/web';
import { accountName, expiryState, type ExpiryState } from './expiry.ts';
import * as styles from './profile.css.ts';

export type AccountDetailsUser = Pick<
  UserInfo,
  | 'userId'
  | 'username'
  | 'email'
  | 'phone'
  | 'standardExpireTime'
  | 'liteExpireTime'
  | 'inviteCode'
  | 'inviteLink'
>;

export interface AccountDetailsProps {
  user: AccountDetailsUser;
  /** The invite link made absolute (the server gives a path). */
  inviteUrl: string;
  now: number;
  language: Language;
}

/** A running plan's end: its date, or under a day its time and a countdown. */
function ActiveExpiry({ at, language }: { at: number; language: Language }) {
  const { t } = useTranslation('account');
  const moment = useMoment(at, language);
  return moment.kind === 'date'
    ? t('expires_on', { date: moment.date })
    : t('expires_at', { time: moment.time, left: moment.left });
}

/** User id, account, Standard and Lite expiry, invite code and link with copy and a QR code. */
export function AccountDetails({ user, inviteUrl, now, language }: AccountDetailsProps) {
  const { t } = useTranslation(['account', 'common']);
  const standard = expiryState(user.standardExpireTime, now);
  const lite = expiryState(user.liteExpireTime, now);
  const name = accountName(user);
  const copyLabels = { copiedLabel: t('common:copied'), failedLabel: t('common:copy_failed') };

  const expiryValue = (state: ExpiryState) =>
    state.kind === 'none' ? (
      t('account:no_plan')
    ) : (
      <StatusTag
        tone={state.kind === 'active' ? 'success' : 'neutral'}
        className={styles.expiryTag}
      >
        {state.kind === 'active' ? (
          <ActiveExpiry at={state.at} language={language} />
        ) : (
          t('account:expired_on', { date: formatDate(state.at, language) })
        )}
      </StatusTag>
    );

  const hasAnyPlan = standard.kind !== 'none' || lite.kind !== 'none';
  const planAction = (
    <LinkButton href="/pricing" size="sm">
      {t(hasAnyPlan ? 'account:renew' : 'account:buy_plan')}
    </LinkButton>
  );
  const items: DetailItem[] = [
    {
      key: 'user-id',
      term: t('account:user_id'),
      value: <span className={styles.mono}>{user.userId}</span>,
      actions: (
        <CopyButton
          text={user.userId}
          label={t('common:button_copy')}
          aria-label={`${t('common:button_copy')} ${t('account:user_id')}`}
          {...copyLabels}
        />
      ),
    },
    ...(name
      ? [
          {
            key: 'account',
            term: t(
              user.username ? 'account:username' : user.email ? 'account:email' : 'account:phone',
            ),
            value: name,
          },
        ]
      : []),
    ...(hasAnyPlan
      ? [
          {
            key: 'standard',
            term: t('account:expiry_standard'),
            value: expiryValue(standard),
            actions: planAction,
          },
          { key: 'lite', term: t('account:expiry_lite'), value: expiryValue(lite) },
        ]
      : [
          {
            key: 'plan',
            term: t('account:expiry_date'),
            value: t('account:no_plan'),
            actions: planAction,
          },
        ]),
    {
      key: 'invite-code',
      term: t('account:invite_code'),
      value: <span className={styles.mono}>{user.inviteCode}</span>,
      actions: (
        <CopyButton text={user.inviteCode} label={t('account:copy_invite_code')} {...copyLabels} />
      ),
    },
    {
      key: 'invite-link',
      term: t('account:invite_link'),
      // One row with an ellipsis (spec section 9); Copy copies all of it.
      value: (
        <Ellipsis as="span" className={styles.link}>
          {inviteUrl}
        </Ellipsis>
      ),
      actions: (
        <CopyButton text={inviteUrl} label={t('account:copy_invite_link')} {...copyLabels} />
      ),
    },
  ];

  return (
    <Card aria-label={t('account:profile_title')}>
      <div className={styles.detailsGrid}>
        <DetailList items={items} />
        <figure className={styles.qr}>
          <QRCode value={inviteUrl} label={t('account:qr_code_alt')} size={144} />
          <figcaption className={styles.qrCaption}>{t('account:qr_code')}</figcaption>
        </figure>
      </div>
    </Card>
  );
}
