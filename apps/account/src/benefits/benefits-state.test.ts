import { describe, expect, test } from 'vitest';
import { benefitsState } from './benefits-state.ts';

const now = Date.UTC(2026, 5, 1);

describe('benefitsState', () => {
  test.each([
    [
      'benefits expiring in the future are active',
      now + 1000,
      { kind: 'active', until: now + 1000 },
    ],
    [
      'benefits that ran out are expired, with the date',
      now - 1000,
      { kind: 'expired', at: now - 1000 },
    ],
    ['benefits ending exactly now are expired', now, { kind: 'expired', at: now }],
    ['a user who never had a yearly plan has none', 0, { kind: 'none' }],
  ])('%s', (_name, benefitsExpireTime, expected) => {
    expect(benefitsState({ benefitsExpireTime }, now)).toEqual(expected);
  });
});
