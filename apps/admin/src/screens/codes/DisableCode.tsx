import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { ConfirmDialog } from '@nimbus/ui/dialog';

interface DisableCodeProps {
  code: string;
  /** What disabling does to this kind of code. */
  description: string;
  onConfirm: () => Promise<unknown>;
}

/** A row's Disable button, confirmed in a dialog (focus starts on Cancel). */
export function DisableCode({ code, description, onConfirm }: DisableCodeProps) {
  const { t } = useTranslation('admin-setup');
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="secondary" aria-label={t('disable_label', { code })}>
          {t('disable')}
        </Button>
      }
      title={t('disable_title', { code })}
      description={description}
      confirmLabel={t('disable')}
      cancelLabel={t('cancel')}
      tone="danger"
      onConfirm={onConfirm}
    />
  );
}
