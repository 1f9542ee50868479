/** What InlineEdit saves (spec section 5): newlines removed, then trimmed. */
export function sanitizeInlineText(raw: string): string {
  return raw.replace(/[\r\n]+/g, '').trim();
}
