import { useTranslation } from '@nimbus/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import * as styles from '../console.css.ts';
import { SaveCancel } from '../SaveCancel.tsx';
import { draftOf, parseDraft, type DraftErrors, type PlanRow } from './plan-draft.ts';
import { PlanFields } from './PlanFields.tsx';

interface EditPlanProps {
  plan: PlanRow;
  onClose: () => void;
  onSaved: (plan: PlanRow) => void;
}

/** One plan's price, length, devices, position and visibility; the heading takes the focus. */
export function EditPlan({ plan, onClose, onSaved }: EditPlanProps) {
  const { t } = useTranslation('admin-setup');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(plan));
  const [errors, setErrors] = useState<DraftErrors>({});
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const save = useMutation({
    mutationFn: (input: Parameters<ReturnType<typeof consoleApi>['adminPlanUpdate']>[0]) =>
      consoleApi().adminPlanUpdate(input),
    onSuccess: ({ plan: saved }) => {
      onSaved(saved);
      void queryClient.invalidateQueries({ queryKey: ['plans'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDraft(draft);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return;
    save.mutate({ planId: plan.planId, ...parsed.plan, active: draft.active });
  };
  return (
    <section className={styles.card} aria-labelledby="edit-plan">
      <h2 id="edit-plan" className={styles.sectionTitle} tabIndex={-1} ref={heading}>
        {t('edit_plan_title', { name: plan.name })}
      </h2>
      <form onSubmit={submit} noValidate>
        <PlanFields
          draft={draft}
          onChange={setDraft}
          errors={errors}
          mode="edit"
          idPrefix="edit-plan"
        />
        <SaveCancel saving={save.isPending} onCancel={onClose} error={save.error} />
      </form>
    </section>
  );
}
