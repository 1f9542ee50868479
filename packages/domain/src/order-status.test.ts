import { describe, expect, test } from 'vitest';
import { minutesToMs } from './duration.ts';
import type { OrderStatus } from './enums.ts';
import {
  canCancelOrder,
  isPaymentNotDetected,
  paymentDialogState,
  transitionOrder,
} from './order-status.ts';

const NOW = Date.UTC(2026, 9, 1, 10);

describe('order transitions', () => {
  test.each<[OrderStatus, OrderStatus, object]>([
    ['pending', 'paid', { ok: true, value: { status: 'paid', changed: true } }],
    ['pending', 'failed', { ok: true, value: { status: 'failed', changed: true } }],
    ['pending', 'expired', { ok: true, value: { status: 'expired', changed: true } }],
    ['pending', 'cancelled', { ok: true, value: { status: 'cancelled', changed: true } }],
    ['cancelled', 'paid', { ok: true, value: { status: 'paid', changed: true } }],
    ['paid', 'cancelled', { ok: false, error: 'invalid_transition' }],
    ['expired', 'paid', { ok: true, value: { status: 'paid', changed: true } }],
    ['failed', 'paid', { ok: true, value: { status: 'paid', changed: true } }],
    ['paid', 'refunded', { ok: true, value: { status: 'refunded', changed: true } }],
    ['paid', 'paid', { ok: true, value: { status: 'paid', changed: false } }],
    ['paid', 'failed', { ok: false, error: 'invalid_transition' }],
    ['pending', 'refunded', { ok: false, error: 'invalid_transition' }],
    ['refunded', 'paid', { ok: false, error: 'invalid_transition' }],
  ])('%s -> %s', (from, to, expected) => {
    expect(transitionOrder(from, to)).toEqual(expected);
  });
});

describe('payment-result dialog', () => {
  test.each<[string, OrderStatus, number, number | undefined, string]>([
    ['a paid order is a success', 'paid', 0, undefined, 'success'],
    ['a failed order is a failure', 'failed', 0, undefined, 'failure'],
    ['an expired order is a failure', 'expired', 0, undefined, 'failure'],
    ['a cancelled order is a failure', 'cancelled', 0, undefined, 'failure'],
    ['a refunded order says refunded', 'refunded', 0, undefined, 'refunded'],
    ['pending for 5 minutes is still waiting', 'pending', 5, undefined, 'waiting'],
    ['pending for exactly 15 minutes is still waiting', 'pending', 15, undefined, 'waiting'],
    [
      'pending for over 15 minutes: payment not detected, contact support',
      'pending',
      16,
      undefined,
      'not_detected',
    ],
    ['the threshold is configurable', 'pending', 6, 5, 'not_detected'],
  ])('%s', (_rule, status, ageMinutes, threshold, expected) => {
    const order = { status, createdAt: NOW - minutesToMs(ageMinutes) };
    expect(paymentDialogState(order, NOW, threshold)).toBe(expected);
  });

  test('only a pending order can be "not detected"', () => {
    expect(isPaymentNotDetected({ status: 'failed', createdAt: NOW - minutesToMs(60) }, NOW)).toBe(
      false,
    );
  });
});

describe('cancelling an order', () => {
  test.each<[OrderStatus, boolean]>([
    ['pending', true],
    ['paid', false],
    ['failed', false],
    ['expired', false],
    ['refunded', false],
    ['cancelled', false],
  ])('a %s order can be cancelled: %s', (status, expected) => {
    expect(canCancelOrder({ status })).toBe(expected);
  });
});
