import { formatDuration, formatPercent, useTranslation, type Language } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { Link } from '@nimbus/ui/link';
import { yearlyExampleSeconds } from './invitation-bonus.ts';
import * as styles from './reward.css.ts';

export interface RewardRulesProps {
  /**
   * The inviter's share of a friend's first purchase time; null while the server does not publish
   * it.
   */
  referRatePercent: number | null;
  /** The invited friend's trial, from the client configuration; null when it is not known. */
  invitedTrialMinutes: number | null;
  /**
   * A KOL earns commission on referred purchases instead of bonus time (one reward per referral).
   */
  isKol: boolean;
  language: Language;
}

/**
 * The bonus rules in words: share, friend's trial, referRate % of the first purchase, only while
 * active.
 */
export function RewardRules({
  referRatePercent,
  invitedTrialMinutes,
  isKol,
  language,
}: RewardRulesProps) {
  const { t } = useTranslation(['reward']);
  const rules: string[] = [
    t('reward:rule_share'),
    ...(invitedTrialMinutes !== null && invitedTrialMinutes > 0
      ? [t('reward:rule_trial', { duration: formatDuration(invitedTrialMinutes * 60, language) })]
      : []),
    ...(referRatePercent === null
      ? [t('reward:rule_bonus_share')]
      : [
          t('reward:rule_bonus', { percent: formatPercent(referRatePercent, language) }),
          t('reward:rule_bonus_example', {
            example: formatDuration(yearlyExampleSeconds(referRatePercent), language, {
              maxUnits: 2,
            }),
          }),
        ]),
    t('reward:rule_active'),
    t('reward:rule_self'),
  ];
  return (
    <Card title={t('reward:rules_title')}>
      {isKol && (
        <p className={styles.kolNote}>
          {t('reward:kol_instead')} <Link href="/user/kol">{t('reward:go_kol')}</Link>
        </p>
      )}
      <ol className={styles.rules}>
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
    </Card>
  );
}
