import { useTranslation, useValidationText } from '@nimbus/i18n';
import { PasswordField } from '@nimbus/ui/password-field';
import { TextField } from '@nimbus/ui/text-field';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import * as base from '../console.css.ts';
import { SaveCancel } from '../SaveCancel.tsx';
import * as styles from '../setup.css.ts';
import {
  draftOf,
  EMPTY_BENEFIT,
  parseBenefitDraft,
  type BenefitDraft,
  type BenefitDraftErrors,
  type BenefitRow,
  type BenefitSave,
} from './benefit-draft.ts';

interface BenefitFormProps {
  /** The benefit edited; a new one when null. */
  benefit: BenefitRow | null;
  onClose: () => void;
  onSaved: (saved: BenefitRow, outcome: 'created' | 'updated') => void;
}

/**
 * A benefit's key, name, link, shared account and position; its password is typed, never shown
 * back (left blank on an edit, the stored one stays). The heading takes the focus.
 */
export function BenefitForm({ benefit, onClose, onSaved }: BenefitFormProps) {
  const { t } = useTranslation(['admin-setup', 'validation']);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<BenefitDraft>(() =>
    benefit ? draftOf(benefit) : EMPTY_BENEFIT,
  );
  const [errors, setErrors] = useState<BenefitDraftErrors>({});
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const save = useMutation({
    mutationFn: (input: BenefitSave) => consoleApi().adminBenefitSave(input),
    onSuccess: ({ benefit: saved, outcome }) => {
      onSaved(saved, outcome);
      void queryClient.invalidateQueries({ queryKey: ['benefits'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseBenefitDraft(draft, benefit === null);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (parsed.ok) save.mutate(parsed.input);
  };
  const validationText = useValidationText();
  const errorOf = (field: keyof BenefitDraft) => {
    const error = errors[field];
    return error
      ? validationText(error.key, error.max === undefined ? {} : { max: error.max })
      : undefined;
  };
  const field = (name: keyof BenefitDraft) => ({
    id: `benefit-${name}`,
    name,
    autoComplete: 'off',
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }),
    error: errorOf(name),
  });
  const title = benefit ? t('edit_benefit_title', { name: benefit.name }) : t('new_benefit');
  return (
    <section className={base.card} aria-labelledby="benefit-form">
      <h2 id="benefit-form" className={base.sectionTitle} tabIndex={-1} ref={heading}>
        {title}
      </h2>
      <form onSubmit={submit} noValidate>
        <div className={styles.fieldGrid}>
          <TextField
            {...field('key')}
            label={t('benefit_key')}
            hint={t('benefit_key_hint')}
            readOnly={benefit !== null}
            required
          />
          <TextField {...field('name')} label={t('benefit_name')} required />
          <TextField
            {...field('link')}
            label={t('benefit_link')}
            hint={t('benefit_link_hint')}
            type="url"
            inputMode="url"
            required
          />
          <TextField {...field('accountName')} label={t('benefit_account')} required />
          <PasswordField
            {...field('password')}
            autoComplete="new-password"
            label={t('benefit_password')}
            hint={benefit ? t('benefit_password_keep') : t('benefit_password_hint')}
            showPasswordLabel={t('show_password')}
            hidePasswordLabel={t('hide_password')}
            required={benefit === null}
          />
          <TextField
            {...field('sortOrder')}
            label={t('benefit_sort')}
            hint={t('benefit_sort_hint')}
            inputMode="numeric"
          />
        </div>
        <SaveCancel saving={save.isPending} onCancel={onClose} error={save.error} />
      </form>
    </section>
  );
}
