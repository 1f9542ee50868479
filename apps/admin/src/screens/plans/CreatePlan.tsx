import { useTranslation } from '@nimbus/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import * as styles from '../console.css.ts';
import { SaveCancel } from '../SaveCancel.tsx';
import { EMPTY_PLAN, parseDraft, type DraftErrors, type PlanRow } from './plan-draft.ts';
import { PlanFields } from './PlanFields.tsx';

/** A new plan, on sale at once. */
export function CreatePlan({ onCreated }: { onCreated: (plan: PlanRow) => void }) {
  const { t } = useTranslation('admin-setup');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(EMPTY_PLAN);
  const [errors, setErrors] = useState<DraftErrors>({});
  const create = useMutation({
    mutationFn: (input: Parameters<ReturnType<typeof consoleApi>['adminPlanCreate']>[0]) =>
      consoleApi().adminPlanCreate(input),
    onSuccess: ({ plan }) => {
      setDraft(EMPTY_PLAN);
      onCreated(plan);
      void queryClient.invalidateQueries({ queryKey: ['plans'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDraft(draft);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return;
    create.mutate({ type: draft.type, ...parsed.plan });
  };
  return (
    <section className={styles.card} aria-labelledby="create-plan">
      <h2 id="create-plan" className={styles.sectionTitle}>
        {t('create_plan')}
      </h2>
      <form onSubmit={submit} noValidate>
        <PlanFields
          draft={draft}
          onChange={setDraft}
          errors={errors}
          mode="create"
          idPrefix="new-plan"
        />
        <SaveCancel variant="create" saving={create.isPending} error={create.error} />
      </form>
    </section>
  );
}
