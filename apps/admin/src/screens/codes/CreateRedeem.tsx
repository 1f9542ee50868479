import type { AdminRequestOf } from '@nimbus/api-sdk/admin';
import { REDEEM_BATCH_MAX, REDEEM_CODE_PATTERN } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { SelectField, TextField } from '@nimbus/ui/text-field';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import * as base from '../console.css.ts';
import { SaveCancel } from '../SaveCancel.tsx';
import * as styles from '../setup.css.ts';
import { dayStart, downloadText, toCsv, wholeOf } from './code-filter.ts';

const EMPTY = {
  type: 'standard',
  days: '',
  devices: '',
  uses: '',
  count: '1',
  expires: '',
  code: '',
};
type Field = Exclude<keyof typeof EMPTY, 'type'>;
type Errors = Partial<Record<Field, string>>;
type Batch = AdminRequestOf<'adminRedeemCreate'> & { codes: string[] };

/** The made codes as CSV: one row per code with what it grants. */
function batchCsv(batch: Batch): string {
  return toCsv(
    ['code', 'type', 'days', 'devices', 'uses', 'redeem_by'],
    batch.codes.map((code) => [
      code,
      batch.type,
      String(batch.days),
      String(batch.devicesAllowed ?? (batch.type === 'standard' ? 5 : 2)),
      String(batch.maxUses ?? 1),
      batch.expiresAt === undefined ? '' : new Date(batch.expiresAt).toISOString(),
    ]),
  );
}

/** A batch of redeem codes (or one chosen code), shown once with a CSV download. */
export function CreateRedeem() {
  const { t } = useTranslation(['admin-setup', 'validation']);
  const queryClient = useQueryClient();
  const [type, setType] = useState<'standard' | 'lite'>('standard');
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [made, setMade] = useState<Batch | null>(null);
  const create = useMutation({
    mutationFn: async (input: AdminRequestOf<'adminRedeemCreate'>) => ({
      ...input,
      ...(await consoleApi().adminRedeemCreate(input)),
    }),
    onSuccess: (batch) => {
      setMade(batch);
      setDraft(EMPTY);
      void queryClient.invalidateQueries({ queryKey: ['redeem-codes'] });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Errors = {};
    const days = wholeOf(draft.days);
    const devices = wholeOf(draft.devices);
    const uses = wholeOf(draft.uses);
    const count = wholeOf(draft.count) ?? 1;
    const expiresAt = dayStart(draft.expires);
    const code = draft.code.trim().toUpperCase();
    if (days == null || days < 1) problems.days = t('validation:check_input');
    if (devices === null || devices === 0) problems.devices = t('validation:check_input');
    if (uses === null || uses === 0) problems.uses = t('validation:check_input');
    const most = code ? 1 : REDEEM_BATCH_MAX;
    if (count === null || count < 1 || count > most)
      problems.count = t('validation:count_invalid', { max: most });
    if (Number.isNaN(expiresAt)) problems.expires = t('validation:check_input');
    if (code && !REDEEM_CODE_PATTERN.test(code))
      problems.code = t('validation:redeem_code_invalid_format');
    setErrors(problems);
    if (Object.keys(problems).length > 0 || days == null) return;
    setMade(null);
    create.mutate({
      type,
      days,
      count: count ?? 1,
      ...(devices != null ? { devicesAllowed: devices } : {}),
      ...(uses != null ? { maxUses: uses } : {}),
      ...(expiresAt !== undefined ? { expiresAt } : {}),
      ...(code ? { code } : {}),
    });
  };

  const field = (name: Field, label: string, extra: Record<string, string> = {}) => (
    <TextField
      id={`redeem-${name}`}
      label={label}
      name={name}
      autoComplete="off"
      value={draft[name]}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      error={errors[name]}
      {...extra}
    />
  );
  return (
    <section className={base.card} aria-labelledby="create-redeem">
      <h2 id="create-redeem" className={base.sectionTitle}>
        {t('create_redeem')}
      </h2>
      <form onSubmit={submit} noValidate>
        <div className={styles.fieldGrid}>
          <SelectField
            id="redeem-type"
            label={t('redeem_type')}
            name="type"
            value={type}
            onChange={(e) => setType(e.target.value === 'lite' ? 'lite' : 'standard')}
            options={[
              { value: 'standard', label: t('type_standard') },
              { value: 'lite', label: t('type_lite') },
            ]}
          />
          {field('days', t('redeem_days'), { inputMode: 'numeric', required: 'required' })}
          {field('devices', t('redeem_devices'), { inputMode: 'numeric' })}
          {field('uses', t('redeem_uses'), { inputMode: 'numeric', hint: t('redeem_uses_hint') })}
          {field('count', t('redeem_count'), { inputMode: 'numeric' })}
          {field('expires', t('redeem_expires'), { type: 'date' })}
          {field('code', t('redeem_code'), { hint: t('redeem_code_hint') })}
        </div>
        <SaveCancel variant="create" saving={create.isPending} error={create.error} />
      </form>
      {made && (
        <div role="status" className={styles.result}>
          <h3 className={base.sectionTitle}>
            {t('redeem_created_title', { n: String(made.codes.length) })}
          </h3>
          <p>{t('redeem_created_intro')}</p>
          <Button
            variant="secondary"
            onClick={() =>
              downloadText(
                `redeem-codes-${new Date().toISOString().slice(0, 10)}.csv`,
                batchCsv(made),
              )
            }
          >
            {t('download_csv')}
          </Button>
          <ul
            className={styles.codeList}
            aria-label={t('redeem_created_title', { n: String(made.codes.length) })}
          >
            {made.codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
