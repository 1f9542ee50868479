export { CopyButton, copiedDurationMs, type CopyButtonProps } from './CopyButton.tsx';
export { copyText } from './copy-text.ts';
