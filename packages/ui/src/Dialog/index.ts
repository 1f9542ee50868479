export { Dialog, DialogClose, dialogSizes, type DialogProps, type DialogSize } from './Dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
