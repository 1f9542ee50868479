import { describe, expect, test } from 'vitest';
import { validateAgreement } from './agreement.ts';
import { validateEmail } from './email.ts';
import { validateForm } from './form.ts';
import { validatePassword } from './password.ts';

describe('a whole form', () => {
  test('a valid form gives every normalised value', () => {
    const form = validateForm({
      email: validateEmail(' Ann@Example.com'),
      password: validatePassword('secret-123'),
      agreed: validateAgreement(true),
    });
    expect(form).toEqual({
      ok: true,
      value: { email: 'ann@example.com', password: 'secret-123', agreed: true },
    });
  });

  test('an invalid form asks to check the input and names each failing field', () => {
    const form = validateForm({
      email: validateEmail('ann@'),
      password: validatePassword('short'),
      agreed: validateAgreement(true),
    });
    expect(form).toEqual({
      ok: false,
      error: 'check_input',
      fieldErrors: { email: 'invalid_email', password: 'password_too_short' },
    });
  });
});
