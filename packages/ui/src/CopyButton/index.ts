export { CopyButton, copiedDurationMs, type CopyButtonProps } from './CopyButton';
export { copyText } from './copy-text';
