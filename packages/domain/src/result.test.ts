import { describe, expect, test } from 'vitest';
import { err, ok } from './result.ts';

describe('results', () => {
  test('ok carries the value', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
  });
  test('err carries the code, and params only when given', () => {
    expect(err('text_required')).toEqual({ ok: false, error: 'text_required' });
    expect(err('text_too_long', { max: 4 })).toEqual({
      ok: false,
      error: 'text_too_long',
      params: { max: 4 },
    });
  });
});
