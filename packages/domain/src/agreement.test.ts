import { describe, expect, test } from 'vitest';
import { validateAgreement } from './agreement.ts';

describe('agreement', () => {
  test.each([
    ['a ticked box passes', true, { ok: true, value: true }],
    ['an unticked box asks to agree', false, { ok: false, error: 'agreement_required' }],
  ])('%s', (_rule, agreed, expected) => {
    expect(validateAgreement(agreed)).toEqual(expected);
  });
});
