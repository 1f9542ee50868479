import type { KolApplicationState } from '@nimbus/api-sdk/contract';
import { formatDate, useTranslation, type Language } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { Link } from '@nimbus/ui/link';
import { LinkButton } from '@nimbus/ui/link-button';
import { APPLY_PATH } from '../paths.ts';
import * as styles from './dashboard.css.ts';

/**
 * For a user who is not a KOL: the spec's "You're not a KOL yet", then where their application
 * stands (under review, or declined with the reason) and the way to apply (again).
 */
export function NotKol({
  state,
  language,
}: {
  state: KolApplicationState | null;
  language: Language;
}) {
  const { t } = useTranslation(['kol']);
  const application = state?.application ?? null;
  const pending = application?.status === 'pending';
  const declined = application?.status === 'declined';
  return (
    <Card tone="muted" padding="lg">
      <h2 className={styles.notKolTitle}>{t('kol:not_kol')}</h2>
      {pending && application ? (
        <div role="status" className={styles.applicationState} data-testid="kol-application">
          <h3 className={styles.stateTitle}>{t('kol:application_pending_title')}</h3>
          <p className={styles.note}>
            {t('kol:application_pending_body', {
              date: formatDate(application.submittedAt, language),
            })}
          </p>
        </div>
      ) : declined && application ? (
        <div className={styles.applicationState} data-testid="kol-application">
          <h3 className={styles.stateTitle}>{t('kol:application_declined_title')}</h3>
          {application.declineReason && (
            <p>{t('kol:application_declined_reason', { reason: application.declineReason })}</p>
          )}
          <p className={styles.note}>{t('kol:application_declined_body')}</p>
        </div>
      ) : (
        <p className={styles.note}>{t('kol:not_kol_body')}</p>
      )}
      <div className={styles.actions}>
        {(state === null || state.canApply) && (
          <LinkButton href={APPLY_PATH}>
            {declined ? t('kol:apply_again') : t('kol:apply_cta')}
          </LinkButton>
        )}
        <Link href="/affiliate">{t('kol:go_affiliate')}</Link>
      </div>
    </Card>
  );
}
