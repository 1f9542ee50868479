import { describe, expect, test } from 'vitest';
import { ErrorCode, errorEnvelope } from '../contract/index.ts';
import {
  AbortError,
  ApiError,
  NetworkError,
  TimeoutError,
  fromEnvelope,
  toClientError,
} from './errors.ts';

describe('fromEnvelope', () => {
  test('carries code, msg, status, path, request id, HTTP status and the message key', () => {
    const e = fromEnvelope(errorEnvelope(ErrorCode.GROUP_FULL, 'Full'), {
      path: '/p',
      requestId: 'r',
      httpStatus: 409,
    });
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({
      code: 1503,
      msg: 'Full',
      status: 'GroupFull',
      path: '/p',
      requestId: 'r',
      httpStatus: 409,
      message: 'Full',
    });
  });

  test('a code this client does not know keeps its number and has no key', () => {
    const e = fromEnvelope(
      { code: 4242, msg: '', status: 'NewThing', data: null },
      { path: '/p', requestId: null, httpStatus: 400 },
    );
    expect(e).toMatchObject({ code: 4242, message: 'NewThing' });
  });
});

describe('toClientError', () => {
  const named = (name: string) => Object.assign(new Error('x'), { name });
  test.each([
    ['ky TimeoutError', named('TimeoutError'), TimeoutError],
    ['ky NetworkError', named('NetworkError'), NetworkError],
    ['a DOMException AbortError', new DOMException('aborted', 'AbortError'), AbortError],
    ['fetch failed (TypeError)', new TypeError('fetch failed'), NetworkError],
  ])('%s becomes ours', (_l, input, type) => {
    const out = toClientError(input, '/p');
    expect(out).toBeInstanceOf(type);
    expect((out as { path: string }).path).toBe('/p');
    expect((out as Error).cause).toBe(input);
  });

  test('our errors and bugs pass unchanged', () => {
    const api = new ApiError(
      { code: 1, msg: 'm', status: 's' },
      { path: '/p', requestId: null, httpStatus: 400 },
    );
    expect(toClientError(api, '/q')).toBe(api);
    const bug = new RangeError('bug');
    expect(toClientError(bug, '/p')).toBe(bug);
    expect(toClientError('str', '/p')).toBe('str');
  });
});
