import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { TextField } from '@nimbus/ui/text-field';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import * as styles from '../console.css.ts';
import { messageOf } from '../errors.ts';

/** Finance closes an unfinished group now, with a reason; the paid shares are refunded. */
export function GroupCloseForm({
  groupId,
  onClosed,
}: {
  groupId: string;
  /** With how many paid shares were queued for refund. */
  onClosed: (refundsQueued: number) => void;
}) {
  const { t } = useTranslation('admin-groups');
  const [reason, setReason] = useState('');
  const close = useMutation({
    mutationFn: () => consoleApi().adminGroupClose({ groupId, reason }),
    onSuccess: ({ refundsQueued }) => {
      setReason('');
      onClosed(refundsQueued);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    close.mutate();
  };
  return (
    <section className={styles.card} aria-labelledby="group-close">
      <h2 id="group-close" className={styles.sectionTitle}>
        {t('close_title')}
      </h2>
      <p>{t('close_intro')}</p>
      <form className={styles.inlineForm} onSubmit={submit}>
        <TextField
          label={t('close_reason')}
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
        />
        <Button type="submit" variant="danger" loading={close.isPending}>
          {t('close')}
        </Button>
      </form>
      {close.isError && (
        <p role="alert" className={styles.alert}>
          {messageOf(close.error)}
        </p>
      )}
    </section>
  );
}
