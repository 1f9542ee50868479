import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import * as base from './console.css.ts';
import { messageOf } from './errors.ts';
import * as setup from './setup.css.ts';

interface SaveCancelProps {
  saving: boolean;
  onCancel: () => void;
  /** What went wrong: a message of the form's own, else the refused call's. */
  problem?: string | undefined;
  error?: unknown;
}

/** The end of an edit form: Save (submits) and Cancel, then what stopped the save, if anything. */
export function SaveCancel({ saving, onCancel, problem, error }: SaveCancelProps) {
  const { t } = useTranslation('admin-setup');
  const alert = problem || (error ? messageOf(error) : '');
  return (
    <>
      <div className={setup.actions}>
        <Button type="submit" loading={saving}>
          {t('save')}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
      {alert && (
        <p role="alert" className={base.alert}>
          {alert}
        </p>
      )}
    </>
  );
}
