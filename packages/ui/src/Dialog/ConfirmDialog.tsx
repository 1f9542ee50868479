import { useState, type ReactNode } from 'react';
import { Button } from '../Button/Button.tsx';
import { Dialog, DialogClose } from './Dialog.tsx';

export interface ConfirmDialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /**
   * Runs on confirm. While its promise is pending the confirm button is busy; on success the dialog
   * closes.
   */
  onConfirm: () => void | Promise<unknown>;
  /** `danger` for destructive, irreversible actions such as deleting the account. */
  tone?: 'primary' | 'danger';
  children?: ReactNode;
}

/**
 * Asks for confirmation as an alertdialog. Focus starts on Cancel so Enter never confirms a
 * destructive action by accident. If onConfirm rejects, the dialog stays open (the app shows why).
 */
export function ConfirmDialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  tone = 'primary',
  children,
}: ConfirmDialogProps) {
  const [internalOpen, setInternalOpen] = useState(defaultOpen ?? false);
  const [busy, setBusy] = useState(false);
  const isOpen = open ?? internalOpen;
  const setOpen = (next: boolean) => {
    if (busy && !next) return;
    setInternalOpen(next);
    onOpenChange?.(next);
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setBusy(false);
      setInternalOpen(false);
      onOpenChange?.(false);
    } catch {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={isOpen}
      onOpenChange={setOpen}
      trigger={trigger}
      title={title}
      description={description}
      role="alertdialog"
      size="sm"
      dismissOnOutsideClick={false}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary" disabled={busy}>
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button variant={tone} loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
