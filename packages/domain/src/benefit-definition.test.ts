import { describe, expect, test } from 'vitest';
import { benefitProblems, normaliseBenefit, type BenefitFields } from './benefit-definition.ts';

const benefit: BenefitFields = {
  key: 'streaming-1',
  name: 'Streaming Premium',
  link: 'https://streaming.example/login',
  accountName: 'family@nimbus.example',
  password: ' spaces count ',
  sortOrder: 0,
};

describe('benefit fields', () => {
  test('a valid benefit has no problem, new or not; an update may leave the password out', () => {
    expect(benefitProblems(benefit, true)).toEqual([]);
    expect(benefitProblems({ ...benefit, password: undefined }, false)).toEqual([]);
    expect(benefitProblems({ ...benefit, sortOrder: -1_000_000 }, true)).toEqual([]);
  });

  test.each([
    [{ key: 'Streaming' }, 'key', 'benefit_key_invalid'],
    [{ key: '-streaming' }, 'key', 'benefit_key_invalid'],
    [{ key: 'a'.repeat(64) }, 'key', 'benefit_key_invalid'],
    [{ name: '' }, 'name', 'benefit_name_invalid'],
    [{ name: 'Stream\ning' }, 'name', 'benefit_name_invalid'],
    [{ name: 'n'.repeat(201) }, 'name', 'benefit_name_invalid'],
    [{ link: 'javascript:alert(1)' }, 'link', 'benefit_link_invalid'],
    [{ link: 'streaming.example' }, 'link', 'benefit_link_invalid'],
    [{ link: 'https://a.example/x y' }, 'link', 'benefit_link_invalid'],
    [{ accountName: '' }, 'accountName', 'benefit_account_invalid'],
    [{ password: undefined }, 'password', 'benefit_password_required'],
    [{ password: '' }, 'password', 'benefit_password_required'],
    [{ password: 'p'.repeat(201) }, 'password', 'benefit_password_invalid'],
    [{ sortOrder: 1.5 }, 'sortOrder', 'benefit_sort_invalid'],
    [{ sortOrder: 1_000_001 }, 'sortOrder', 'benefit_sort_invalid'],
    [{ sortOrder: Number.NaN }, 'sortOrder', 'benefit_sort_invalid'],
  ] as const)('%o: %s %s', (change, field, error) => {
    expect(benefitProblems({ ...benefit, ...change }, true).map((p) => [p.field, p.error])).toEqual(
      [[field, error]],
    );
  });

  test('every problem is listed, in the order of the form', () => {
    const problems = benefitProblems({ ...benefit, key: 'X', link: 'ftp://x', password: '' }, true);
    expect(problems.map((p) => p.field)).toEqual(['key', 'link', 'password']);
  });

  test('texts are trimmed and an empty password is none; the password is kept as typed', () => {
    expect(
      normaliseBenefit({
        ...benefit,
        key: ' k ',
        name: ' N ',
        link: ' https://x.example ',
        accountName: ' a ',
      }),
    ).toEqual({ ...benefit, key: 'k', name: 'N', link: 'https://x.example', accountName: 'a' });
    expect(normaliseBenefit({ ...benefit, password: '' }).password).toBeUndefined();
  });
});
