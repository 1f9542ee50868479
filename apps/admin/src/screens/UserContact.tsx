import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { validateEmail } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Dialog, DialogClose } from '@nimbus/ui/dialog';
import { TextField } from '@nimbus/ui/text-field';
import { useState, type FormEvent } from 'react';
import { consoleApi } from '../session/console-api.ts';
import * as styles from './console.css.ts';
import { messageOf } from './errors.ts';

type UserRow = AdminResponseOf<'adminUserDetail'>['user'];
export type ContactField = 'email' | 'phone';

const KEYS = {
  email: {
    open: 'change_email',
    title: 'change_email_title',
    intro: 'change_email_intro',
    label: 'new_email',
    required: 'validation:email_required',
    done: 'email_changed',
  },
  phone: {
    open: 'change_phone',
    title: 'change_phone_title',
    intro: 'change_phone_intro',
    label: 'new_phone',
    required: 'validation:phone_required',
    done: 'phone_changed',
  },
} as const;

interface Problems {
  value?: string;
  reason?: string;
  /** The server's refusal, in the console's language (taken, malformed, unchanged...). */
  refused?: string;
}

/** The user page's section for the sign-in addresses: a dialog for each, and what was done. */
export function UserContactActions({ user, onChanged }: { user: UserRow; onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const [notice, setNotice] = useState('');
  return (
    <section className={styles.card} aria-labelledby="user-contact">
      <h2 id="user-contact" className={styles.sectionTitle}>
        {t('contact_title')}
      </h2>
      <div className={styles.inlineForm}>
        {(['email', 'phone'] as const).map((field) => (
          <ChangeContactDialog
            key={field}
            user={user}
            field={field}
            onChanged={(text) => {
              setNotice(text);
              onChanged();
            }}
          />
        ))}
      </div>
      <p role="status">{notice}</p>
    </section>
  );
}

/**
 * Support changes a user's sign-in e-mail or phone in a dialog: the new address and a reason.
 * The server validates it as registration does, refuses one another account holds, ends the
 * user's sessions and tells the old e-mail address; a refusal is shown in the dialog, which stays
 * open with what was typed.
 */
export function ChangeContactDialog({
  user,
  field,
  onChanged,
}: {
  user: UserRow;
  field: ContactField;
  /** With the sentence to announce. */
  onChanged: (notice: string) => void;
}) {
  const { t } = useTranslation(['admin', 'validation', 'common']);
  const keys = KEYS[field];
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);

  const check = (): Problems => {
    const found: Problems = {};
    if (value.trim() === '') found.value = t(keys.required);
    else if (field === 'email') {
      const email = validateEmail(value);
      if (!email.ok) found.value = t(`validation:${email.error}`);
    }
    if (reason.trim() === '') found.reason = t('validation:text_required');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setProblems(found);
    if (found.value !== undefined || found.reason !== undefined) return;
    setBusy(true);
    try {
      const done = await consoleApi().adminUserChangeContact({
        userId: user.userId,
        field,
        value,
        reason,
      });
      setBusy(false);
      setOpen(false);
      setValue('');
      setReason('');
      onChanged(t(keys.done, { value: done.user[field] ?? '', count: done.sessionsEnded }));
    } catch (error) {
      setBusy(false);
      setProblems({ refused: messageOf(error) });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) setProblems({});
      }}
      trigger={
        <Button type="button" variant="secondary">
          {t(keys.open)}
        </Button>
      }
      title={t(keys.title, { id: user.userId })}
      description={t(keys.intro)}
      closeLabel={t('common:dialog_close')}
    >
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t(keys.label)}
          name={field}
          type={field === 'email' ? 'email' : 'tel'}
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={problems.value}
          required
        />
        <TextField
          label={t('change_reason')}
          name="contact-reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={problems.reason}
          required
        />
        {problems.refused !== undefined && (
          <p role="alert" className={styles.alert}>
            {problems.refused}
          </p>
        )}
        <div className={styles.dialogButtons}>
          <DialogClose asChild>
            <Button type="button" variant="secondary" disabled={busy}>
              {t('cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" loading={busy}>
            {t('change')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
