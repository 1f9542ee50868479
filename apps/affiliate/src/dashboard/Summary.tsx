import type { KolSummary } from '@nimbus/api-sdk/contract';
import {
  KOL_HOLDING_PERIOD_DAYS_DEFAULT,
  isPayoutEligible,
  payoutBlock,
  payoutProgressPercent,
} from '@nimbus/domain';
import {
  formatDate,
  formatDuration,
  formatMoney,
  formatPercent,
  useTranslation,
  type Language,
} from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { CopyButton } from '@nimbus/ui/copy-button';
import { DetailList } from '@nimbus/ui/detail-list';
import { Ellipsis } from '@nimbus/ui/ellipsis';
import * as styles from './dashboard.css.ts';

export interface SummaryProps {
  summary: KolSummary;
  /** The referral link made absolute (the server gives a path). */
  referralUrl: string;
  language: Language;
  /** The time the page was opened (a render never reads the clock). */
  now: number;
  /** The trial of a friend who signs up with the link (client config; null while loading). */
  invitedTrialMinutes?: number | null;
}

/** The sentence under the progress bar once the threshold is reached: paid soon, or a wallet first. */
function reachedText(
  summary: KolSummary,
): 'kol:progress_reached' | 'kol:progress_reached_no_wallet' {
  // `null` is "no wallet set"; an absent field (an older server) says nothing either way.
  const hasWallet = summary.wallet !== null;
  return payoutBlock(summary.payableMinor, hasWallet, summary.payoutThresholdMinor) === 'no_wallet'
    ? 'kol:progress_reached_no_wallet'
    : 'kol:progress_reached';
}

/** Pending, payable and settled earnings, progress to the $100 payout, and the referral link. */
export function Summary({
  summary,
  referralUrl,
  language,
  now,
  invitedTrialMinutes = null,
}: SummaryProps) {
  const { t } = useTranslation(['kol', 'common']);
  const money = (minor: number) => formatMoney(minor, summary.currency, language);
  const holdingDays = summary.holdingDays ?? KOL_HOLDING_PERIOD_DAYS_DEFAULT;
  // Progress counts the pending earnings (held and payable), as "Earn … more" below does: the
  // spec pays out "when pending earnings reach $100" (once the held part is payable).
  const unpaid = summary.pendingMinor + Math.max(0, summary.payableMinor);
  const percent = payoutProgressPercent(unpaid, summary.payoutThresholdMinor);
  const reached = isPayoutEligible(summary.payableMinor, summary.payoutThresholdMinor);
  const progressText = t('kol:progress', {
    current: money(unpaid),
    threshold: money(summary.payoutThresholdMinor),
  });
  const figures = [
    {
      key: 'pending',
      label: t('kol:pending'),
      value: summary.pendingMinor,
      desc: t('kol:pending_desc', { count: holdingDays }),
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
  const nextPayout =
    summary.nextPayoutAt === undefined
      ? null
      : summary.nextPayoutAt === null
        ? t('kol:next_payout_more', {
            amount: money(Math.max(0, summary.payoutThresholdMinor - unpaid)),
          })
        : reached || summary.nextPayoutAt <= now
          ? t('kol:next_payout_now')
          : t('kol:next_payout_on', { date: formatDate(summary.nextPayoutAt, language) });
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
            aria-label={t('kol:payout_threshold_note', { days: holdingDays })}
          >
            <div className={styles.progressBar} style={{ width: `${percent}%` }} />
          </div>
          <p className={styles.progressText}>{reached ? t(reachedText(summary)) : progressText}</p>
          <p className={styles.note} data-testid="kol-unpaid">
            {t('kol:unpaid_total', {
              total: money(unpaid),
              held: money(summary.pendingMinor),
              payable: money(Math.max(0, summary.payableMinor)),
            })}
          </p>
          {nextPayout && (
            <p className={styles.progressText} data-testid="kol-next-payout">
              {nextPayout}
            </p>
          )}
          <p className={styles.note}>{t('kol:payout_threshold_note', { days: holdingDays })}</p>
        </div>
      </Card>
      <Card title={t('kol:your_link')}>
        <DetailList
          items={[
            {
              key: 'link',
              term: t('kol:your_link'),
              // One row with an ellipsis (spec section 9); Copy Link copies all of it.
              value: (
                <Ellipsis as="span" className={styles.mono}>
                  {referralUrl}
                </Ellipsis>
              ),
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
        {invitedTrialMinutes !== null && invitedTrialMinutes > 0 && (
          <p className={styles.note} data-testid="kol-audience-trial">
            {t('kol:trial_for_audience', {
              duration: formatDuration(invitedTrialMinutes * 60, language),
            })}
          </p>
        )}
      </Card>
    </>
  );
}
