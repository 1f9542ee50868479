import { useLanguage, useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Link } from '@nimbus/ui/link';
import { loadServices, useMoment } from '@nimbus/web';
import { lazy, Suspense, useState } from 'react';
import * as page from '../../styles/page.css.ts';

type TrialState =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'started'; endsAt: number }
  | { kind: 'failed' };

// The form that keeps the trial account loads once a trial has started: not with the home page.
const KeepAccountForm = lazy(() =>
  import('./KeepAccountForm.tsx').then((module) => ({ default: module.KeepAccountForm })),
);

/** When the trial ends: under a day (always, for the 15-minute trial) its time and a countdown. */
function TrialEnd({ at }: { at: number }) {
  const { t } = useTranslation('home');
  const moment = useMoment(at, useLanguage());
  return moment.kind === 'date'
    ? t('trial_ends_on', { date: moment.date })
    : t('trial_ends_at', { time: moment.time, left: moment.left });
}

/**
 * The trial button: a 15-minute free trial (user_trial), which also logs the visitor in when
 * they have no session; then when it ends and how to connect. Refusals (trial already used)
 * come as the API's error toast.
 */
export function TrialOffer({
  tone = 'light',
  onStarted,
  keepForm = false,
}: {
  tone?: 'light' | 'dark';
  /**
   * Show the form that keeps the trial account (/trial, whose route loads the API client);
   * elsewhere a link to it.
   */
  keepForm?: boolean;
  /** Called when the trial has started (before the session's user info arrives). */
  onStarted?: () => void;
}) {
  const { t } = useTranslation('home');
  const [state, setState] = useState<TrialState>({ kind: 'idle' });

  const start = async () => {
    setState({ kind: 'starting' });
    try {
      const { api } = await loadServices();
      onStarted?.();
      const trial = await api.userTrial();
      setState({ kind: 'started', endsAt: trial.trialEndsAt });
    } catch {
      setState({ kind: 'failed' });
    }
  };

  if (state.kind === 'started') {
    return (
      <>
        <div className={page.successBox} role="status">
          <p style={{ margin: 0 }}>{t('trial_started')}</p>
          <p style={{ margin: '0.5em 0 0' }}>
            <strong>
              <TrialEnd at={state.endsAt} />
            </strong>{' '}
            · <Link href="/download">{t('cta_button')}</Link>
          </p>
        </div>
        {keepForm ? (
          <Suspense fallback={null}>
            <KeepAccountForm />
          </Suspense>
        ) : (
          <p className={page.mtMd}>
            <Link href="/trial">{t('keep_title')}</Link>
          </p>
        )}
      </>
    );
  }
  return (
    <div className={page.stack} style={{ alignItems: 'center' }}>
      <Button
        variant={tone === 'dark' ? 'secondary' : 'primary'}
        size="lg"
        loading={state.kind === 'starting'}
        onClick={() => void start()}
      >
        {state.kind === 'starting' ? t('trial_starting') : t('trial_button')}
      </Button>
      <p className={tone === 'dark' ? undefined : page.text} style={{ margin: 0, opacity: 0.85 }}>
        {t('trial_note')}
      </p>
      {state.kind === 'failed' && (
        <p className={page.errorText} role="alert">
          {t('trial_failed')}
        </p>
      )}
    </div>
  );
}
