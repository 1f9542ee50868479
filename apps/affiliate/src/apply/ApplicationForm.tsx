import { useState, type FormEvent } from 'react';
import type { RequestOf } from '@nimbus/api-sdk/contract';
import { KOL_APPLICATION_LINKS_MAX, validateKolApplication } from '@nimbus/domain';
import { useTranslation, useValidationText } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { TextAreaField, TextField } from '@nimbus/ui/text-field';
import { WalletFields, type WalletValue } from './WalletFields.tsx';
import * as styles from './apply.css.ts';

type Field = 'links' | 'audience' | 'network' | 'address';

const FIELD_OF: Record<string, Field> = {
  channel_link_required: 'links',
  channel_link_invalid: 'links',
  too_many_channel_links: 'links',
  audience_required: 'audience',
  text_too_long: 'audience',
  payout_network_invalid: 'network',
  wallet_address_invalid: 'address',
};

export interface ApplicationFormProps {
  /** Sends the application; rejects when the server refuses (its message is a toast). */
  onSubmit: (application: RequestOf<'systemKolApply'>) => Promise<unknown>;
}

/**
 * The application: channel links (one to five), the audience, the payout wallet. Checked by the
 * domain's rule before it is sent; the first problem is shown at its field.
 */
export function ApplicationForm({ onSubmit }: ApplicationFormProps) {
  const { t } = useTranslation(['kol', 'validation', 'common']);
  const [links, setLinks] = useState<string[]>(['']);
  const [audience, setAudience] = useState('');
  const [wallet, setWallet] = useState<WalletValue>({ network: '', address: '' });
  const [error, setError] = useState<{ field: Field; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const validationText = useValidationText();
  const errorAt = (field: Field) => (error?.field === field ? error.text : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const application = { links, audience, wallet };
    const checked = validateKolApplication(application);
    if (!checked.ok) {
      setError({
        field: FIELD_OF[checked.error] ?? 'links',
        text: validationText(checked.error, checked.params),
      });
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSubmit(application);
    } catch {
      // The refusal is on screen as a toast; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  const linksError = errorAt('links');
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className={styles.fieldset} aria-describedby="links-hint">
        <legend className={styles.legend}>{t('kol:field_links')}</legend>
        <p id="links-hint" className={styles.hint}>
          {t('kol:field_links_hint', { max: KOL_APPLICATION_LINKS_MAX })}
        </p>
        {links.map((link, i) => (
          <div key={i} className={styles.linkRow}>
            <TextField
              fieldClassName={styles.grow}
              label={t('kol:field_link_n', { n: i + 1 })}
              type="url"
              inputMode="url"
              autoComplete="url"
              value={link}
              onChange={(event) =>
                setLinks(links.map((l, j) => (j === i ? event.target.value : l)))
              }
              error={i === 0 ? linksError : undefined}
              name={`link-${i + 1}`}
            />
            {links.length > 1 && (
              <Button
                variant="secondary"
                onClick={() => setLinks(links.filter((_, j) => j !== i))}
                aria-label={t('kol:remove_link', { n: i + 1 })}
              >
                ×
              </Button>
            )}
          </div>
        ))}
        {links.length < KOL_APPLICATION_LINKS_MAX && (
          <button
            type="button"
            className={styles.switchLink}
            onClick={() => setLinks([...links, ''])}
          >
            {t('kol:add_link')}
          </button>
        )}
      </fieldset>
      <TextAreaField
        label={t('kol:field_audience')}
        hint={t('kol:field_audience_hint')}
        value={audience}
        onChange={(event) => setAudience(event.target.value)}
        error={errorAt('audience')}
        name="audience"
      />
      <WalletFields
        value={wallet}
        onChange={setWallet}
        errors={{ network: errorAt('network'), address: errorAt('address') }}
      />
      <div className={styles.buttons}>
        <Button type="submit" loading={busy}>
          {t('kol:apply_submit')}
        </Button>
      </div>
    </form>
  );
}
