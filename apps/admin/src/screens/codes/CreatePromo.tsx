import type { AdminRequestOf } from '@nimbus/api-sdk/admin';
import { parseAmountMinor, PROMO_CODE_PATTERN } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { SelectField, TextField } from '@nimbus/ui/text-field';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import * as base from '../console.css.ts';
import { SaveCancel } from '../SaveCancel.tsx';
import * as styles from '../setup.css.ts';
import { dayStart, wholeOf } from './code-filter.ts';

const EMPTY = {
  code: '',
  kind: 'percent',
  value: '',
  starts: '',
  ends: '',
  maxUses: '',
  perUser: '',
  plans: '',
};
type Field = keyof typeof EMPTY;
type Errors = Partial<Record<Field, string>>;

/** A new promo code: percentage or amount off, dates, limits and plans. */
export function CreatePromo({ onCreated }: { onCreated: (code: string) => void }) {
  const { t } = useTranslation(['admin-setup', 'validation']);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const create = useMutation({
    mutationFn: (input: AdminRequestOf<'adminPromoCreate'>) => consoleApi().adminPromoCreate(input),
    onSuccess: ({ promo }) => {
      setDraft(EMPTY);
      onCreated(promo.code);
      void queryClient.invalidateQueries({ queryKey: ['promo-codes'] });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Errors = {};
    const code = draft.code.trim().toUpperCase();
    if (!PROMO_CODE_PATTERN.test(code)) problems.code = t('validation:promo_code_invalid_format');
    const percent = draft.kind === 'percent' ? wholeOf(draft.value) : undefined;
    const amount = draft.kind === 'fixed' ? parseAmountMinor(draft.value) : undefined;
    if (draft.kind === 'percent' && (percent == null || percent < 1 || percent > 100))
      problems.value = t('validation:percent_invalid');
    if (draft.kind === 'fixed' && (amount == null || amount < 1))
      problems.value = t('validation:amount_invalid');
    const startsAt = dayStart(draft.starts);
    const endsAt = dayStart(draft.ends);
    if (Number.isNaN(startsAt)) problems.starts = t('validation:check_input');
    if (Number.isNaN(endsAt)) problems.ends = t('validation:check_input');
    else if (startsAt !== undefined && endsAt !== undefined && endsAt <= startsAt)
      problems.ends = t('validation:date_range_invalid');
    const maxUses = wholeOf(draft.maxUses);
    const perUser = wholeOf(draft.perUser);
    if (maxUses === null || maxUses === 0) problems.maxUses = t('validation:check_input');
    if (perUser === null || perUser === 0) problems.perUser = t('validation:check_input');
    const plans = draft.plans
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (plans.some((p) => !/^[1-9]\d{0,6}$/.test(p))) problems.plans = t('validation:check_input');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    create.mutate({
      code,
      ...(percent != null ? { percent } : {}),
      ...(amount != null ? { amountMinor: amount } : {}),
      ...(startsAt !== undefined ? { startsAt } : {}),
      ...(endsAt !== undefined ? { endsAt } : {}),
      ...(maxUses != null ? { maxUses } : {}),
      ...(perUser != null ? { maxUsesPerUser: perUser } : {}),
      ...(plans.length > 0 ? { planIds: plans } : {}),
    });
  };

  const field = (name: Field, label: string, extra: Record<string, string> = {}) => (
    <TextField
      id={`promo-${name}`}
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
    <section className={base.card} aria-labelledby="create-promo">
      <h2 id="create-promo" className={base.sectionTitle}>
        {t('create_promo')}
      </h2>
      <form onSubmit={submit} noValidate>
        <div className={styles.fieldGrid}>
          {field('code', t('promo_code'), { required: 'required' })}
          <SelectField
            id="promo-kind"
            label={t('promo_kind')}
            name="kind"
            value={draft.kind}
            onChange={(e) => setDraft({ ...draft, kind: e.target.value })}
            options={[
              { value: 'percent', label: t('kind_percent') },
              { value: 'fixed', label: t('kind_fixed') },
            ]}
          />
          {field('value', draft.kind === 'percent' ? t('promo_percent') : t('promo_amount'), {
            inputMode: draft.kind === 'percent' ? 'numeric' : 'decimal',
            required: 'required',
          })}
          {field('starts', t('promo_starts'), { type: 'date' })}
          {field('ends', t('promo_ends'), { type: 'date' })}
          {field('maxUses', t('promo_max_uses'), { inputMode: 'numeric', hint: t('limit_hint') })}
          {field('perUser', t('promo_per_user'), { inputMode: 'numeric', hint: t('limit_hint') })}
          {field('plans', t('promo_plans'), { hint: t('promo_plans_hint') })}
        </div>
        <SaveCancel variant="create" saving={create.isPending} error={create.error} />
      </form>
    </section>
  );
}
