import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { ConfirmDialog } from '@nimbus/ui/dialog';
import * as setup from './setup.css.ts';

interface EditRemoveActionsProps {
  /** The buttons' accessible names, naming the row ("Edit notice x"). */
  editLabel: string;
  removeLabel: string;
  /** The confirmation's question and what removing does. */
  removeTitle: string;
  removeText: string;
  onEdit: () => void;
  onRemove: () => Promise<void> | void;
}

/** A row's Edit button and its Remove button, which asks for confirmation first. */
export function EditRemoveActions(props: EditRemoveActionsProps) {
  const { t } = useTranslation('admin-setup');
  return (
    <div className={setup.actions}>
      <Button size="sm" variant="secondary" aria-label={props.editLabel} onClick={props.onEdit}>
        {t('edit')}
      </Button>
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="secondary" aria-label={props.removeLabel}>
            {t('remove')}
          </Button>
        }
        title={props.removeTitle}
        description={props.removeText}
        confirmLabel={t('remove')}
        cancelLabel={t('cancel')}
        tone="danger"
        onConfirm={props.onRemove}
      />
    </div>
  );
}
