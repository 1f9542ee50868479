import { describe, expect, test } from 'vitest';
import {
  isPhoneCountry,
  phoneCallingCode,
  phoneCountries,
  validatePhone,
  type CountryCode,
} from './phone.ts';

describe('phone', () => {
  test.each<[string, string, CountryCode | undefined, object]>([
    [
      'a Chinese mobile with the country CN',
      '138 0013 8000',
      'CN',
      { ok: true, value: '+8613800138000' },
    ],
    ['a US number with punctuation', '(213) 373-4253', 'US', { ok: true, value: '+12133734253' }],
    [
      'an international number needs no country',
      '+44 20 7946 0958',
      undefined,
      { ok: true, value: '+442079460958' },
    ],
    [
      'an international number wins over the chosen country',
      '+8613800138000',
      'US',
      { ok: true, value: '+8613800138000' },
    ],
    ['an empty field asks for the number', '', 'CN', { ok: false, error: 'phone_required' }],
    ['a blank field asks for the number', '  ', 'CN', { ok: false, error: 'phone_required' }],
    ['too few digits are invalid', '12345', 'CN', { ok: false, error: 'invalid_phone' }],
    [
      'a national number without a country is invalid',
      '13800138000',
      undefined,
      { ok: false, error: 'invalid_phone' },
    ],
    [
      'a number of the wrong country is invalid',
      '138 0013 8000',
      'US',
      { ok: false, error: 'invalid_phone' },
    ],
    [
      'letters around a number are invalid',
      'call +12133734253 now',
      undefined,
      { ok: false, error: 'invalid_phone' },
    ],
    ['letters are invalid', 'not a phone', 'CN', { ok: false, error: 'invalid_phone' }],
  ])('%s', (_rule, input, country, expected) => {
    expect(validatePhone(input, country)).toEqual(expected);
  });

  test('the country picker offers CN and US with their calling codes', () => {
    expect(phoneCountries()).toEqual(expect.arrayContaining(['CN', 'US']));
    expect(phoneCallingCode('CN')).toBe('86');
    expect(phoneCallingCode('US')).toBe('1');
  });

  test.each([
    ['CN', true],
    ['US', true],
    ['XX', false],
    ['cn', false],
  ])('%s is a phone country: %s', (code, expected) => {
    expect(isPhoneCountry(code)).toBe(expected);
  });
});
