import { describe, expect, test } from 'vitest';
import { normaliseInlineText } from './inline-edit.ts';

describe('inline edit', () => {
  test.each<[string, string, number | undefined, object]>([
    [
      'line breaks are stripped and spaces trimmed',
      '  My\r\n iPhone \n',
      undefined,
      { ok: true, value: 'My iPhone' },
    ],
    ['inner spaces are kept', 'Work  laptop', undefined, { ok: true, value: 'Work  laptop' }],
    ['an empty text is refused', '', undefined, { ok: false, error: 'text_required' }],
    [
      'only line breaks and spaces is empty',
      ' \r\n \n ',
      undefined,
      { ok: false, error: 'text_required' },
    ],
    ['text at the maximum is accepted', '设备名称', 4, { ok: true, value: '设备名称' }],
    [
      'text over the maximum is refused with the maximum',
      'Laptop',
      5,
      { ok: false, error: 'text_too_long', params: { max: 5 } },
    ],
    ['the maximum applies after trimming', '  Phone  ', 5, { ok: true, value: 'Phone' }],
  ])('%s', (_rule, raw, maxLength, expected) => {
    expect(normaliseInlineText(raw, maxLength === undefined ? undefined : { maxLength })).toEqual(
      expected,
    );
  });
});
