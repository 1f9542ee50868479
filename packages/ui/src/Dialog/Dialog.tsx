import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { CloseIcon } from '../icons/icons.tsx';
import * as styles from './Dialog.css.ts';

export { dialogSizes } from './Dialog.css.ts';
export type DialogSize = (typeof styles.dialogSizes)[number];

export interface DialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog (usually a Button); focus returns to it on close. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Name of the × button, e.g. "Close". Without it there is no × button (use the footer). */
  closeLabel?: string;
  /** Buttons at the bottom; wrap one in DialogClose to close the dialog. */
  footer?: ReactNode;
  size?: DialogSize;
  /** `alertdialog` for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** Clicking outside does not close it (for decisions that must be answered). */
  dismissOnOutsideClick?: boolean;
  children?: ReactNode;
  className?: string;
}

/** Closes the enclosing Dialog when its child is activated. */
export const DialogClose = RadixDialog.Close;

/**
 * A modal dialog on Radix: focus moves in and is trapped, Esc closes, focus returns to the
 * trigger, the page behind is inert and does not scroll. A dialog without a trigger (opened by
 * the app, like the payment result) gives focus back to the element that had it when the dialog
 * opened; Radix alone would leave it on <body>.
 */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  closeLabel,
  footer,
  size = 'md',
  role = 'dialog',
  dismissOnOutsideClick = true,
  children,
  className,
}: DialogProps) {
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root
      {...(open === undefined ? {} : { open })}
      {...(defaultOpen === undefined ? {} : { defaultOpen })}
      {...(onOpenChange ? { onOpenChange } : {})}
    >
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          role={role}
          className={clsx(styles.content({ size }), className)}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onPointerDownOutside={(event) => {
            if (!dismissOnOutsideClick) event.preventDefault();
          }}
          onOpenAutoFocus={() => {
            // Runs before Radix moves focus in: what has focus now is where it goes back to.
            const active = document.activeElement;
            returnFocusTo.current =
              active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            if (trigger) return; // Radix focuses the trigger.
            event.preventDefault();
            const target = returnFocusTo.current;
            returnFocusTo.current = null;
            if (target?.isConnected) target.focus();
          }}
        >
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            {closeLabel && (
              <RadixDialog.Close className={styles.close} aria-label={closeLabel}>
                <CloseIcon />
              </RadixDialog.Close>
            )}
          </div>
          {description && (
            <RadixDialog.Description className={styles.description}>
              {description}
            </RadixDialog.Description>
          )}
          {children}
          {footer && <div className={styles.footer}>{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
