import { describe, expect, test } from 'vitest';
import {
  CommissionState,
  DevicePlatform,
  exhaustive,
  OrderStatus,
  GroupBuyPaymentType,
  LanguageHeader,
  ShopGroupType,
} from './enums.ts';

describe('enumerations', () => {
  test('device platforms are numbered 0-4', () => {
    expect(Object.values(DevicePlatform)).toEqual([0, 1, 2, 3, 4]);
  });
  test('group-buy payment type: 0 pay all, 1 pay self', () => {
    expect(GroupBuyPaymentType).toEqual({ PAY_ALL: 0, PAY_SELF: 1 });
  });
  test('shop group type: 1 standard, 2 lite', () => {
    expect(ShopGroupType).toEqual({ STANDARD: 1, LITE: 2 });
  });
  test('languages map to their header form', () => {
    expect(LanguageHeader).toEqual({ 'zh-CN': 'zh_CN', en: 'en' });
  });
  test('order statuses are the six the payment-result dialog and the order history know', () => {
    expect(Object.values(OrderStatus)).toEqual([
      'pending',
      'paid',
      'failed',
      'expired',
      'refunded',
      'cancelled',
    ]);
  });
  test('commission states run pending, payable, settled, with clawed back for refunds', () => {
    expect(Object.values(CommissionState)).toEqual([
      'pending',
      'payable',
      'settled',
      'clawed_back',
    ]);
  });
  test('exhaustive throws for a value that slipped through', () => {
    expect(() => exhaustive('x' as never)).toThrow('Unhandled value: x');
  });
});
