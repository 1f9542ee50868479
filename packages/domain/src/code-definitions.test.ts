import { describe, expect, test } from 'vitest';
import { promoDefinitionProblems, redeemBatchProblems } from './code-definitions.ts';

const promo = {
  code: 'SPRING20',
  kind: 'percent' as const,
  value: 20,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerUser: null,
};
const errors = (p: Partial<typeof promo> | Record<string, unknown>) =>
  promoDefinitionProblems({ ...promo, ...p } as typeof promo).map((e) => e.error);

describe('promo code definitions', () => {
  test('a plain percentage code is fine', () => expect(errors({})).toEqual([]));
  test.each([
    [{ code: 'AB' }, ['promo_code_invalid_format']],
    [{ code: 'spring 20' }, ['promo_code_invalid_format']],
    [{ value: 0 }, ['percent_invalid']],
    [{ value: 101 }, ['percent_invalid']],
    [{ kind: 'fixed', value: 0 }, ['amount_invalid']],
    [{ kind: 'fixed', value: 500 }, []],
    [{ startsAt: 10, endsAt: 10 }, ['date_range_invalid']],
    [{ startsAt: 10, endsAt: 11 }, []],
    [{ maxUses: 0 }, ['count_invalid']],
    [{ maxUsesPerUser: 1001 }, ['count_invalid']],
  ])('%o: %o', (change, expected) => expect(errors(change)).toEqual(expected));
});

describe('redeem batches', () => {
  const batch = { days: 30, devicesAllowed: 5, maxUses: 1, count: 10, expiresAt: null, code: null };
  const at = (b: Partial<typeof batch> | Record<string, unknown>) =>
    redeemBatchProblems({ ...batch, ...b } as typeof batch, 1000).map((e) => e.error);
  test('ten single-use codes are fine', () => expect(at({})).toEqual([]));
  test.each([
    [{ days: 0 }, ['days_invalid']],
    [{ devicesAllowed: 101 }, ['devices_invalid']],
    [{ count: 10_001 }, ['count_invalid']],
    [{ count: 2, code: 'CHOSEN1' }, ['count_invalid']],
    [{ count: 1, code: 'CHOSEN1' }, []],
    [{ count: 1, code: 'ABC' }, ['redeem_code_invalid_format']],
    [{ expiresAt: 1000 }, ['date_in_past']],
    [{ expiresAt: 1001 }, []],
  ])('%o: %o', (change, expected) => expect(at(change)).toEqual(expected));
});
