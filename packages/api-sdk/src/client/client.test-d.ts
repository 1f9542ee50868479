import { expectTypeOf, test } from 'vitest';
import type { Envelope, ResponseOf, UserInfo } from '../contract/index.ts';
import type { ApiClient } from './create-api-client.ts';

declare const api: ApiClient;

test('generated methods take the request type and resolve the response type', () => {
  expectTypeOf(api.systemUserInfo()).resolves.toEqualTypeOf<UserInfo>();
  // The spec's shop group type: 1 / 2, also as the strings '1' / '2'.
  expectTypeOf(api.paymentShop)
    .parameter(0)
    .toEqualTypeOf<{ groupType?: 1 | 2 | '1' | '2' } | undefined>();
  expectTypeOf(api.paymentPurchase)
    .parameter(0)
    .toHaveProperty('idempotencyKey')
    .toEqualTypeOf<string>();
  // @ts-expect-error the purchase needs its payload
  void api.paymentPurchase();
  void api.paymentPurchase({
    productId: 'p',
    paymentMethod: 'card',
    idempotencyKey: 'k'.repeat(16),
    // @ts-expect-error a purchase never names a price
    priceMinor: 1,
  });
});

test('call() is typed by name; skipErrorHandler gives the raw envelope', () => {
  expectTypeOf(api.call('paymentJointDetail', { groupId: 'G1' })).resolves.toEqualTypeOf<
    ResponseOf<'paymentJointDetail'>
  >();
  expectTypeOf(
    api.call('paymentJointJoin', { groupId: 'G1' }, { skipErrorHandler: true }),
  ).resolves.toEqualTypeOf<Envelope<ResponseOf<'paymentJointJoin'> | null>>();
  // @ts-expect-error unknown endpoint
  void api.call('systemNothing', {});
});
