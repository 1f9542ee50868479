import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import * as base from './console.css.ts';
import { messageOf } from './errors.ts';
import * as setup from './setup.css.ts';

interface Shared {
  saving: boolean;
  /** What went wrong: a message of the form's own, else the refused call's. */
  problem?: string | undefined;
  error?: unknown;
}

type SaveCancelProps =
  | (Shared & { variant?: 'edit'; onCancel: () => void })
  /** A create form: one submit button, "Create" unless the form names it (`label`). */
  | (Shared & { variant: 'create'; label?: string });

/**
 * The end of a form: Save (submits) and Cancel on an edit form, Create on a create form, then
 * what stopped the submit, if anything.
 */
export function SaveCancel(props: SaveCancelProps) {
  const { t } = useTranslation('admin-setup');
  const { saving, problem, error } = props;
  const alert = problem || (error ? messageOf(error) : '');
  return (
    <>
      {props.variant === 'create' ? (
        <Button type="submit" loading={saving}>
          {props.label ?? t('create')}
        </Button>
      ) : (
        <div className={setup.actions}>
          <Button type="submit" loading={saving}>
            {t('save')}
          </Button>
          <Button type="button" variant="secondary" onClick={props.onCancel}>
            {t('cancel')}
          </Button>
        </div>
      )}
      {alert && (
        <p role="alert" className={base.alert}>
          {alert}
        </p>
      )}
    </>
  );
}
