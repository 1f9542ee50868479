import { keepPreviousData } from '@tanstack/react-query';
import {
  useSystemClientConfig,
  useSystemInvitationRecords,
  useSystemUserInfo,
} from '@nimbus/api-sdk/react';
import { formatDuration, useLanguage, useTranslation } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { CopyButton } from '@nimbus/ui/copy-button';
import { Ellipsis } from '@nimbus/ui/ellipsis';
import { DetailList } from '@nimbus/ui/detail-list';
import { PageSection } from '@nimbus/ui/page-section';
import { QRCode } from '@nimbus/ui/qr-code';
import {
  absoluteUrl,
  currentOrigin,
  LoadFailed,
  PageLoading,
  usePaging,
} from '@nimbus/web/screens';
import { InvitationRecords } from './InvitationRecords.tsx';
import { RewardRules } from './RewardRules.tsx';
import * as styles from './reward.css.ts';

/** /user/reward: the invite link and code, the bonus rules and the invitation records. */
export default function RewardPage() {
  const { t } = useTranslation(['reward', 'account', 'common']);
  const language = useLanguage();
  const user = useSystemUserInfo();
  const config = useSystemClientConfig();
  const paging = usePaging();
  const records = useSystemInvitationRecords(
    { page: paging.page, pageSize: paging.pageSize },
    { placeholderData: keepPreviousData },
  );

  if (!user.data) return <PageLoading />;
  const inviteUrl = absoluteUrl(user.data.inviteLink, currentOrigin());
  const copy = { copiedLabel: t('common:copied'), failedLabel: t('common:copy_failed') };

  return (
    <PageSection title={t('reward:title')} lead={t('reward:subtitle')}>
      <Card>
        <div className={styles.invite}>
          <DetailList
            items={[
              {
                key: 'link',
                term: t('reward:invite_link'),
                // One row with an ellipsis (spec section 9); Copy Link copies all of it.
                value: (
                  <Ellipsis as="span" className={styles.mono}>
                    {inviteUrl}
                  </Ellipsis>
                ),
                actions: <CopyButton text={inviteUrl} label={t('reward:copy_link')} {...copy} />,
              },
              {
                key: 'code',
                term: t('reward:invite_code'),
                value: <span className={styles.mono}>{user.data.inviteCode}</span>,
                actions: (
                  <CopyButton text={user.data.inviteCode} label={t('reward:copy_code')} {...copy} />
                ),
              },
            ]}
          />
          <QRCode
            className={styles.qr}
            value={inviteUrl}
            label={t('account:qr_code_alt')}
            size={128}
          />
        </div>
      </Card>
      <RewardRules
        // The server does not publish the inviter's referRate yet (reported); the rules then say it
        // without the number.
        referRatePercent={null}
        invitedTrialMinutes={config.data?.trial.invitedMinutes ?? null}
        isKol={user.data.isKol}
        language={language}
      />
      <Card title={t('reward:records_title')}>
        {records.data && records.data.total > 0 && (
          <p className={styles.totals}>
            <span>{t('reward:total_invited', { count: records.data.total })}</span>
            <span>
              {t('reward:total_bonus', {
                duration: formatDuration(records.data.totalBonusSeconds, language, { maxUnits: 2 }),
              })}
            </span>
          </p>
        )}
        {records.isError ? (
          <LoadFailed onRetry={() => void records.refetch()} />
        ) : (
          <InvitationRecords
            records={records.data?.items ?? []}
            total={records.data?.total ?? 0}
            loading={records.isPending}
            paging={paging}
            language={language}
          />
        )}
      </Card>
    </PageSection>
  );
}
