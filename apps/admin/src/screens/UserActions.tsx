import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { quotaGbText } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { SelectField, TextField } from '@nimbus/ui/text-field';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { consoleApi } from '../session/console-api.ts';
import * as styles from './console.css.ts';
import { messageOf } from './errors.ts';

type UserRow = AdminResponseOf<'adminUserDetail'>['user'];

/**
 * Support's changes to an account: suspend or reinstate, sign out everywhere, grant time, and add
 * traffic to this cycle of a plan with a quota.
 */
export function UserActions({
  user,
  hasQuota,
  onChanged,
}: {
  user: UserRow;
  /** The member's plan has a traffic quota (a top-up is offered). */
  hasQuota: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation('admin');
  const api = consoleApi();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('');
  const [plan, setPlan] = useState<'standard' | 'lite'>('standard');
  const [timeReason, setTimeReason] = useState('');
  const [gb, setGb] = useState('');
  const [topUpReason, setTopUpReason] = useState('');
  const [notice, setNotice] = useState('');
  const suspended = user.suspendedAt !== null;
  const done = (text: string) => {
    setNotice(text);
    onChanged();
  };
  const suspension = useMutation({
    mutationFn: () =>
      suspended
        ? api.adminUserReinstate({ userId: user.userId, reason })
        : api.adminUserSuspend({ userId: user.userId, reason }),
    onSuccess: () => {
      setReason('');
      done(t('saved'));
    },
  });
  const signOut = useMutation({
    mutationFn: () => api.adminUserRevokeSessions({ userId: user.userId }),
    onSuccess: ({ revoked }) => done(t('sessions_revoked', { count: revoked })),
  });
  const time = useMutation({
    mutationFn: () =>
      api.adminUserAdjustTime({
        userId: user.userId,
        plan,
        days: Number(days),
        reason: timeReason,
      }),
    onSuccess: () => {
      setDays('');
      setTimeReason('');
      done(t('saved'));
    },
  });
  const topUp = useMutation({
    mutationFn: () =>
      api.adminUserTopUp({
        userId: user.userId,
        gb: gb.trim() === '' ? Number.NaN : Number(gb),
        reason: topUpReason,
      }),
    onSuccess: ({ traffic }) => {
      setGb('');
      setTopUpReason('');
      done(t('top_up_done', { allowance: quotaGbText(traffic.allowanceBytes) }));
    },
  });
  const failure = [suspension, signOut, time, topUp].find((m) => m.isError)?.error;
  const onSuspend = (event: FormEvent) => {
    event.preventDefault();
    suspension.mutate();
  };
  const onTime = (event: FormEvent) => {
    event.preventDefault();
    time.mutate();
  };
  const onTopUp = (event: FormEvent) => {
    event.preventDefault();
    topUp.mutate();
  };
  return (
    <section className={styles.card} aria-labelledby="user-actions">
      <h2 id="user-actions" className={styles.sectionTitle}>
        {suspended ? t('reinstate_title') : t('suspend_title')}
      </h2>
      <form className={styles.inlineForm} onSubmit={onSuspend}>
        <TextField
          label={suspended ? t('reinstate_reason') : t('suspension_reason')}
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
        />
        <Button
          type="submit"
          variant={suspended ? 'primary' : 'danger'}
          loading={suspension.isPending}
        >
          {suspended ? t('reinstate') : t('suspend')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          loading={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          {t('revoke_sessions')}
        </Button>
      </form>
      <h2 className={styles.sectionTitle}>{t('adjust_title')}</h2>
      <form className={styles.inlineForm} onSubmit={onTime}>
        <SelectField
          label={t('plan')}
          name="plan"
          value={plan}
          onChange={(e) => setPlan(e.target.value === 'lite' ? 'lite' : 'standard')}
          options={[
            { value: 'standard', label: t('plan_standard') },
            { value: 'lite', label: t('plan_lite') },
          ]}
        />
        <TextField
          label={t('days')}
          name="days"
          inputMode="numeric"
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
        <TextField
          label={t('reason')}
          name="time-reason"
          value={timeReason}
          onChange={(e) => setTimeReason(e.target.value)}
        />
        <Button type="submit" loading={time.isPending}>
          {t('apply')}
        </Button>
      </form>
      {hasQuota && (
        <>
          <h2 className={styles.sectionTitle}>{t('top_up_title')}</h2>
          <form className={styles.inlineForm} onSubmit={onTopUp}>
            <TextField
              label={t('top_up_gb')}
              name="top-up-gb"
              inputMode="numeric"
              value={gb}
              onChange={(e) => setGb(e.target.value)}
              required
            />
            <TextField
              label={t('reason')}
              name="top-up-reason"
              value={topUpReason}
              onChange={(e) => setTopUpReason(e.target.value)}
              required
            />
            <Button type="submit" loading={topUp.isPending}>
              {t('top_up')}
            </Button>
          </form>
        </>
      )}
      <p role="status">{notice}</p>
      {failure && (
        <p role="alert" className={styles.alert}>
          {messageOf(failure)}
        </p>
      )}
    </section>
  );
}
