import { err, ok, type Result } from './result.ts';

/**
 * The text an inline editor saves (Enter or blur saves, Esc cancels): line breaks removed,
 * spaces around trimmed; empty is refused, and so is text over `maxLength` characters (counted
 * as code points) when a maximum is given. `text_too_long` carries `{ max }` for its message.
 */
export function normaliseInlineText(
  raw: string,
  options: { readonly maxLength?: number } = {},
): Result<string, 'text_required' | 'text_too_long'> {
  const text = raw.replace(/[\r\n]+/g, '').trim();
  if (text === '') return err('text_required');
  const max = options.maxLength;
  if (max !== undefined && [...text].length > max) return err('text_too_long', { max });
  return ok(text);
}
