import type { AfterResponseHook } from 'ky';
import { SUCCESS_CODE, isEnvelope } from '../../contract/envelope.ts';
import { ResponseHeader } from '../../contract/headers.ts';
import { callContextOf } from '../context.ts';
import { NetworkError, fromEnvelope } from '../errors.ts';

/**
 * Reads the envelope of every answer, whatever the HTTP status: an answer that is not an
 * envelope is a network error (the spec's "Network error"), a code other than 200 an ApiError.
 * With skipErrorHandler the caller gets the raw envelope, so only an unreadable answer throws.
 */
export function unwrapEnvelope(): AfterResponseHook {
  return async (request, options, response) => {
    const call = callContextOf(options);
    const path = call?.spec.path ?? new URL(request.url).pathname;
    let body: unknown;
    try {
      body = await response.json();
    } catch (cause) {
      throw new NetworkError(path, 'unreadable', { cause, httpStatus: response.status });
    }
    if (!isEnvelope(body))
      throw new NetworkError(path, 'unreadable', { httpStatus: response.status });
    if (call?.skipErrorHandler || body.code === SUCCESS_CODE) return;
    throw fromEnvelope(body, {
      path,
      requestId: response.headers.get(ResponseHeader.requestId),
      httpStatus: response.status,
    });
  };
}
