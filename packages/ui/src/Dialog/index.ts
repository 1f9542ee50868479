export { Dialog, DialogClose, dialogSizes, type DialogProps, type DialogSize } from './Dialog.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx';
