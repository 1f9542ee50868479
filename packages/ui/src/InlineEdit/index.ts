export { InlineEdit, type InlineEditProps } from './InlineEdit';
export { sanitizeInlineText } from './sanitize';
