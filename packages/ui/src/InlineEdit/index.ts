export { InlineEdit, type InlineEditProps } from './InlineEdit.tsx';
export { sanitizeInlineText } from './sanitize.ts';
