import { describe, expect, test } from 'vitest';
import { checkPhone, loadPhoneSupport } from './phone-support.ts';

describe('phone support', () => {
  test('before it has loaded, a number counts as not entered (its field is not shown yet)', () => {
    expect(checkPhone(undefined, '13912345678', 'CN')).toMatchObject({
      ok: false,
      error: 'phone_required',
    });
  });

  test('once loaded, numbers are checked for the chosen country and normalised', async () => {
    const support = await loadPhoneSupport();
    expect(checkPhone(support, '139 1234 5678', 'CN')).toEqual({
      ok: true,
      value: '+8613912345678',
    });
    expect(checkPhone(support, '12345', 'CN')).toMatchObject({ ok: false, error: 'invalid_phone' });
    expect(checkPhone(support, '(201) 555-0123', 'US')).toEqual({
      ok: true,
      value: '+12015550123',
    });
    expect(typeof support.PhoneField).toBe('function');
    expect(await loadPhoneSupport()).toBe(support);
  });
});
