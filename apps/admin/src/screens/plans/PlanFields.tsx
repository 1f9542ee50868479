import { TRAFFIC_RESET_RULES } from '@nimbus/domain';
import { useTranslation, useValidationText } from '@nimbus/i18n';
import { Checkbox } from '@nimbus/ui/checkbox';
import { SelectField, TextField } from '@nimbus/ui/text-field';
import * as styles from '../setup.css.ts';
import type { DraftErrors, PlanDraft, PlanDraftField } from './plan-draft.ts';

interface PlanFieldsProps {
  draft: PlanDraft;
  onChange: (draft: PlanDraft) => void;
  errors: DraftErrors;
  /** A new plan chooses its type; an existing one can be withdrawn from the shop. */
  mode: 'create' | 'edit';
  /** Distinguishes the ids of two forms on one page. */
  idPrefix: string;
}

/**
 * The fields of a plan: type, length, prices, devices, position, traffic quota and where it is
 * shown.
 */
export function PlanFields({ draft, onChange, errors, mode, idPrefix }: PlanFieldsProps) {
  const { t } = useTranslation(['admin-setup', 'validation']);
  const validationText = useValidationText();
  const errorOf = (field: PlanDraftField) => {
    const error = errors[field];
    return error
      ? validationText(error.key, error.max === undefined ? {} : { max: error.max })
      : undefined;
  };
  const text = (field: PlanDraftField, label: string, extra: { hint?: string } = {}) => (
    <TextField
      id={`${idPrefix}-${field}`}
      label={label}
      name={field}
      inputMode={field === 'price' || field === 'original' ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={draft[field]}
      onChange={(e) => onChange({ ...draft, [field]: e.target.value })}
      error={errorOf(field)}
      required={field === 'days' || field === 'price'}
      {...extra}
    />
  );
  return (
    <div className={styles.fieldGrid}>
      {mode === 'create' && (
        <SelectField
          id={`${idPrefix}-type`}
          label={t('plan_type')}
          name="type"
          value={draft.type}
          onChange={(e) =>
            onChange({ ...draft, type: e.target.value === 'lite' ? 'lite' : 'standard' })
          }
          options={[
            { value: 'standard', label: t('type_standard') },
            { value: 'lite', label: t('type_lite') },
          ]}
        />
      )}
      {text('days', t('plan_days'))}
      {text('price', t('plan_price'))}
      {text('original', t('plan_original'), { hint: t('plan_original_hint') })}
      {text('devices', t('plan_devices'))}
      {text('sort', t('plan_sort'))}
      {text('quotaGb', t('plan_quota'), { hint: t('plan_quota_hint') })}
      <SelectField
        id={`${idPrefix}-quota-reset`}
        label={t('plan_quota_reset')}
        name="quotaReset"
        value={draft.quotaReset}
        disabled={draft.quotaGb.trim() === ''}
        onChange={(e) =>
          onChange({
            ...draft,
            quotaReset:
              TRAFFIC_RESET_RULES.find((rule) => rule === e.target.value) ?? 'month_start',
          })
        }
        options={TRAFFIC_RESET_RULES.map((rule) => ({
          value: rule,
          label: t(`quota_reset_${rule}`),
        }))}
      />
      <div className={styles.checks}>
        <Checkbox
          id={`${idPrefix}-group-buy`}
          checked={draft.groupBuy}
          onChange={(e) => onChange({ ...draft, groupBuy: e.target.checked })}
        >
          {t('plan_group_buy')}
        </Checkbox>
        <Checkbox
          id={`${idPrefix}-recommended`}
          checked={draft.recommended}
          onChange={(e) => onChange({ ...draft, recommended: e.target.checked })}
        >
          {t('plan_recommended')}
        </Checkbox>
        {mode === 'edit' && (
          <Checkbox
            id={`${idPrefix}-active`}
            checked={draft.active}
            onChange={(e) => onChange({ ...draft, active: e.target.checked })}
          >
            {t('plan_active')}
          </Checkbox>
        )}
      </div>
    </div>
  );
}
