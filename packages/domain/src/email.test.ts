import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isEmail, validateEmail } from './email.ts';

describe('email', () => {
  test.each([
    ['a plain address is accepted', 'ann@example.com', { ok: true, value: 'ann@example.com' }],
    [
      'surrounding spaces are trimmed and case folded',
      '  Ann.Lee@Example.COM ',
      { ok: true, value: 'ann.lee@example.com' },
    ],
    [
      'plus addressing is accepted',
      'ann+vpn@mail.example.co.uk',
      { ok: true, value: 'ann+vpn@mail.example.co.uk' },
    ],
    [
      'a punycode top-level domain is accepted',
      'ann@example.xn--fiqs8s',
      { ok: true, value: 'ann@example.xn--fiqs8s' },
    ],
    ['an empty field asks for the address', '', { ok: false, error: 'email_required' }],
    ['a blank field asks for the address', '   ', { ok: false, error: 'email_required' }],
    ['no @ is invalid', 'ann.example.com', { ok: false, error: 'invalid_email' }],
    ['nothing before the @ is invalid', '@example.com', { ok: false, error: 'invalid_email' }],
    ['a host without a dot is invalid', 'ann@localhost', { ok: false, error: 'invalid_email' }],
    [
      'a one-letter top-level domain is invalid',
      'ann@example.c',
      { ok: false, error: 'invalid_email' },
    ],
    ['two @ are invalid', 'ann@b@example.com', { ok: false, error: 'invalid_email' }],
    [
      'a leading dot in the local part is invalid',
      '.ann@example.com',
      { ok: false, error: 'invalid_email' },
    ],
    [
      'two dots in a row are invalid',
      'ann..lee@example.com',
      { ok: false, error: 'invalid_email' },
    ],
    ['an empty host label is invalid', 'ann@example..com', { ok: false, error: 'invalid_email' }],
    [
      'a label starting with a hyphen is invalid',
      'ann@-example.com',
      { ok: false, error: 'invalid_email' },
    ],
    ['spaces inside are invalid', 'ann lee@example.com', { ok: false, error: 'invalid_email' }],
    [
      'a local part over 64 characters is invalid',
      `${'a'.repeat(65)}@example.com`,
      { ok: false, error: 'invalid_email' },
    ],
    [
      'an address over 254 characters is invalid',
      `ann@${'a'.repeat(62)}.${'b'.repeat(62)}.${'c'.repeat(62)}.${'d'.repeat(62)}.com`,
      { ok: false, error: 'invalid_email' },
    ],
  ])('%s', (_rule, input, expected) => {
    expect(validateEmail(input)).toEqual(expected);
  });

  test('every address fast-check considers valid (without quoted parts) is accepted', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (address) => {
        fc.pre(!address.includes('"') && /\.[a-z]{2,}$/i.test(address));
        expect(isEmail(address)).toBe(true);
      }),
    );
  });
});
