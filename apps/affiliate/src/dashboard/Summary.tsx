import type { KolSummary } from '@nimbus/api-sdk/contract';
import {
  KOL_HOLDING_PERIOD_DAYS_DEFAULT,
  isPayoutEligible,
  payoutProgressPercent,
} from '@nimbus/domain';
import { formatMoney, formatPercent, useTranslation, type Language } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { CopyButton } from '@nimbus/ui/copy-button';
import { DetailList } from '@nimbus/web/screens';
import * as styles from './dashboard.css.ts';

export interface SummaryProps {
  summary: KolSummary;
  /** The referral link made absolute (the server gives a path). */
  referralUrl: string;
  language: Language;
}

/** Pending, payable and settled earnings, progress to the $100 payout, and the referral link. */
export function Summary({ summary, referralUrl, language }: SummaryProps) {
  const { t } = useTranslation(['kol', 'common']);
  const money = (minor: number) => formatMoney(minor, summary.currency, language);
  const percent = payoutProgressPercent(summary.payableMinor, summary.payoutThresholdMinor);
  const reached = isPayoutEligible(summary.payableMinor, summary.payoutThresholdMinor);
  const progressText = t('kol:progress', {
    current: money(Math.max(0, summary.payableMinor)),
    threshold: money(summary.payoutThresholdMinor),
  });
  const figures = [
    {
      key: 'pending',
      label: t('kol:pending'),
      value: summary.pendingMinor,
      desc: t('kol:pending_desc', { days: KOL_HOLDING_PERIOD_DAYS_DEFAULT }),
    },
    {
      key: 'payable',
      label: t('kol:payable'),
      value: summary.payableMinor,
      desc: t('kol:payable_desc'),
    },
    {
      key: 'settled',
      label: t('kol:settled'),
      value: summary.settledMinor,
      desc: t('kol:settled_desc'),
    },
  ];
  const copy = { copiedLabel: t('common:copied'), failedLabel: t('common:copy_failed') };

  return (
    <>
      <Card title={t('kol:summary_title')}>
        <dl className={styles.figures}>
          {figures.map((figure) => (
            <div key={figure.key} className={styles.figure} data-testid={`kol-${figure.key}`}>
              <dt className={styles.figureLabel}>{figure.label}</dt>
              <dd className={styles.figureValue}>{money(figure.value)}</dd>
              <dd className={styles.figureDesc}>{figure.desc}</dd>
            </div>
          ))}
        </dl>
        <div className={styles.progress}>
          <div
            className={styles.progressTrack}
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={progressText}
            aria-label={t('kol:payout_threshold_note')}
          >
            <div className={styles.progressBar} style={{ width: `${percent}%` }} />
          </div>
          <p className={styles.progressText}>
            {reached ? t('kol:progress_reached') : progressText}
          </p>
          <p className={styles.note}>{t('kol:payout_threshold_note')}</p>
        </div>
      </Card>
      <Card title={t('kol:your_link')}>
        <DetailList
          items={[
            {
              key: 'link',
              term: t('kol:your_link'),
              value: <span className={styles.mono}>{referralUrl}</span>,
              actions: <CopyButton text={referralUrl} label={t('kol:copy_link')} {...copy} />,
            },
            {
              key: 'code',
              term: t('kol:your_code'),
              value: <span className={styles.mono}>{summary.inviteCode}</span>,
              actions: (
                <CopyButton text={summary.inviteCode} label={t('common:button_copy')} {...copy} />
              ),
            },
          ]}
        />
        <p className={styles.note}>
          {t('kol:rates', {
            first: formatPercent(summary.firstPurchaseRatePercent, language),
            renewal: formatPercent(summary.renewalRatePercent, language),
          })}
        </p>
      </Card>
    </>
  );
}
