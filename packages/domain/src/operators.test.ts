import { describe, expect, test } from 'vitest';
import {
  isOperatorName,
  isOperatorRole,
  normaliseRecoveryCode,
  normaliseTotpCode,
  OPERATOR_PERMISSIONS,
  OPERATOR_SESSION_EXTEND_STEP_MS,
  OPERATOR_SESSION_IDLE_MS,
  OPERATOR_SESSION_MAX_MS,
  extendedOperatorSessionExpiry,
  operatorSessionExpiry,
  roleAllows,
  rolesWith,
  validateReason,
} from './operators.ts';

describe('operator roles', () => {
  test.each([
    ['support', 'users.manage', true],
    ['support', 'orders.read', true],
    ['support', 'orders.manage', false],
    ['support', 'operators.manage', false],
    ['support', 'notices.manage', true],
    ['finance', 'orders.manage', true],
    ['finance', 'kol.manage', true],
    ['finance', 'codes.manage', true],
    ['finance', 'users.manage', false],
    ['finance', 'settings.manage', false],
    ['admin', 'operators.manage', true],
    ['admin', 'settings.manage', true],
  ] as const)('%s may %s: %s', (role, permission, expected) => {
    expect(roleAllows(role, permission)).toBe(expected);
  });

  test('an admin holds every permission, and every permission has a holder', () => {
    for (const permission of OPERATOR_PERMISSIONS) {
      expect(roleAllows('admin', permission)).toBe(true);
      expect(rolesWith(permission)).toContain('admin');
    }
  });

  test.each([
    ['admin', true],
    ['support', true],
    ['root', false],
    ['', false],
    [1, false],
  ])('%s is a role: %s', (value, expected) => {
    expect(isOperatorRole(value)).toBe(expected);
  });
});

describe('operator sessions', () => {
  test('a session lives idle time from its last use, never past the absolute limit', () => {
    expect(operatorSessionExpiry(0, 0)).toBe(OPERATOR_SESSION_IDLE_MS);
    expect(operatorSessionExpiry(0, 1000)).toBe(1000 + OPERATOR_SESSION_IDLE_MS);
    expect(operatorSessionExpiry(0, OPERATOR_SESSION_MAX_MS - 1)).toBe(OPERATOR_SESSION_MAX_MS);
  });

  test('the stored expiry moves once a minute at most, and to the absolute limit', () => {
    const stored = OPERATOR_SESSION_IDLE_MS; // signed in at 0
    const step = OPERATOR_SESSION_EXTEND_STEP_MS;
    expect(extendedOperatorSessionExpiry(0, stored, 1_000)).toBeUndefined();
    expect(extendedOperatorSessionExpiry(0, stored, step - 1)).toBeUndefined();
    expect(extendedOperatorSessionExpiry(0, stored, step)).toBe(stored + step);
    // Near the absolute limit a smaller gain is stored, once.
    const late = OPERATOR_SESSION_MAX_MS - OPERATOR_SESSION_IDLE_MS - 1_000;
    const lateStored = operatorSessionExpiry(0, late);
    expect(extendedOperatorSessionExpiry(0, lateStored, late + 5_000)).toBe(
      OPERATOR_SESSION_MAX_MS,
    );
    expect(
      extendedOperatorSessionExpiry(0, OPERATOR_SESSION_MAX_MS, late + 10_000),
    ).toBeUndefined();
  });
});

describe('operator input', () => {
  test.each([
    ['alice', true],
    ['Alice.Ops', true],
    ['al', false],
    ['1alice', false],
    ['alice smith', false],
  ])('%s is an operator name: %s', (name, expected) => {
    expect(isOperatorName(name)).toBe(expected);
  });

  test('codes as typed', () => {
    expect(normaliseTotpCode('123 456')).toBe('123456');
    expect(normaliseTotpCode('12345')).toBeNull();
    expect(normaliseTotpCode('abcdef')).toBeNull();
    expect(normaliseRecoveryCode('ABCDE-fghij')).toBe('abcdefghij');
  });

  test('a reason is required and bounded', () => {
    expect(validateReason('  spam  ')).toBe('spam');
    expect(validateReason('   ')).toBeNull();
    expect(validateReason('x'.repeat(501))).toBeNull();
  });
});
