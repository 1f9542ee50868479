import { describe, expect, test } from 'vitest';
import { ErrorCode, errorEnvelope, successEnvelope } from '../../contract/index.ts';
import { runAfterResponse, jsonResponse } from '../../../test/hook-state.ts';
import { ApiError, NetworkError } from '../errors.ts';
import { unwrapEnvelope } from './unwrap-envelope.ts';

const run = async (response: Response, skipErrorHandler = false) => {
  await runAfterResponse(unwrapEnvelope(), 'paymentCoupon', response, { skipErrorHandler });
};

describe('unwrapEnvelope', () => {
  test('code 200 passes', async () => {
    await expect(run(jsonResponse(successEnvelope({ a: 1 })))).resolves.toBeUndefined();
  });

  test('another code throws the ApiError built from the envelope, with the request id', async () => {
    const error = await run(
      jsonResponse(errorEnvelope(ErrorCode.PROMO_CODE_EXPIRED, 'Expired'), {
        status: 400,
        headers: { 'x-request-id': 'r1' },
      }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 1303,
      msg: 'Expired',
      status: 'PromoCodeExpired',
      path: '/api/payment/payment_coupon',
      requestId: 'r1',
      httpStatus: 400,
    });
  });

  test.each([
    ['HTML', new Response('<html></html>', { status: 502 })],
    ['JSON without the envelope fields', jsonResponse({ error: 'x' }, { status: 500 })],
    ['nothing', new Response(null, { status: 204 })],
  ])('%s is an unreadable answer: NetworkError', async (_l, response) => {
    await expect(run(response)).rejects.toSatisfy(
      (e) => e instanceof NetworkError && e.failure === 'unreadable',
    );
  });

  test('skipErrorHandler lets an error envelope through, but not an unreadable answer', async () => {
    await expect(
      run(jsonResponse(errorEnvelope(ErrorCode.GROUP_FULL, 'Full'), { status: 409 }), true),
    ).resolves.toBeUndefined();
    await expect(run(new Response('<html>', { status: 502 }), true)).rejects.toBeInstanceOf(
      NetworkError,
    );
  });
});
