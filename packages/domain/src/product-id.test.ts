import { describe, expect, test } from 'vitest';
import { parseProductId } from './product-id.ts';

describe('product id', () => {
  test.each<[string, unknown, object]>([
    ['a positive integer is valid', 12, { ok: true, value: 12 }],
    ['its decimal string is valid', '12', { ok: true, value: 12 }],
    ['zero is invalid', 0, { ok: false, error: 'product_id_invalid' }],
    ['a negative number is invalid', -3, { ok: false, error: 'product_id_invalid' }],
    ['a fraction is invalid', 1.5, { ok: false, error: 'product_id_invalid' }],
    ['NaN is invalid', Number.NaN, { ok: false, error: 'product_id_invalid' }],
    ['an unsafe integer is invalid', 2 ** 53, { ok: false, error: 'product_id_invalid' }],
    [
      'an unsafe integer string is invalid',
      '9007199254740993',
      { ok: false, error: 'product_id_invalid' },
    ],
    ['a leading zero is invalid', '012', { ok: false, error: 'product_id_invalid' }],
    ['exponent notation is invalid', '1e3', { ok: false, error: 'product_id_invalid' }],
    ['a padded string is invalid', ' 12', { ok: false, error: 'product_id_invalid' }],
    ['an empty string is invalid', '', { ok: false, error: 'product_id_invalid' }],
    ['text is invalid', 'abc', { ok: false, error: 'product_id_invalid' }],
    ['null is invalid', null, { ok: false, error: 'product_id_invalid' }],
    ['undefined is invalid', undefined, { ok: false, error: 'product_id_invalid' }],
  ])('%s', (_rule, input, expected) => {
    expect(parseProductId(input)).toEqual(expected);
  });
});
