import { describe, expect, test } from 'vitest';
import { endpoints, type EndpointName } from '../contract/endpoints.ts';
import { ErrorCode, errorEnvelope } from '../contract/index.ts';
import { AbortError, NetworkError, TimeoutError, fromEnvelope } from './errors.ts';
import { createEmitter, type ClientEvents } from './events.ts';
import { reportError } from './report-error.ts';

const run = (error: unknown, name: EndpointName, skipErrorHandler = false) => {
  const events = createEmitter<ClientEvents>();
  const seen: Array<[string, unknown]> = [];
  events.on('error-toast', (e) => seen.push(['toast', e.message]));
  events.on('unauthorized', (e) => seen.push(['unauthorized', e.path]));
  reportError(error, { name, spec: endpoints[name], payload: {}, skipErrorHandler }, events);
  return seen;
};
const api = (entry: (typeof ErrorCode)[keyof typeof ErrorCode], msg = 'server text') =>
  fromEnvelope(errorEnvelope(entry, msg), { path: '/p', requestId: null, httpStatus: entry.http });

describe('reportError', () => {
  test.each([
    [
      'a code error: toast with msg',
      api(ErrorCode.GROUP_FULL),
      'paymentJointJoin',
      false,
      [['toast', 'server text']],
    ],
    [
      'Unauthorized: redirect, no toast',
      api(ErrorCode.UNAUTHORIZED),
      'userGetDeviceList',
      false,
      [['unauthorized', '/api/user/user_get_device_list']],
    ],
    [
      'Unauthorized on a login call: toast, no redirect',
      api(ErrorCode.UNAUTHORIZED),
      'userLogin',
      false,
      [['toast', 'server text']],
    ],
    [
      'device id failure: the Chinese text',
      api(ErrorCode.DEVICE_ID_INVALID),
      'userBindDevice',
      false,
      [['toast', '设备ID错误，请重试或联系客服']],
    ],
    [
      'network failure: the network toast',
      new NetworkError('/p', 'no-answer'),
      'systemBenefits',
      false,
      [['toast', 'Network error. Please try again later.']],
    ],
    [
      'timeout: the network toast',
      new TimeoutError('/p'),
      'systemBenefits',
      false,
      [['toast', 'Network error. Please try again later.']],
    ],
    ['abort: nothing', new AbortError('/p'), 'systemBenefits', false, []],
    ['quiet call: nothing', api(ErrorCode.UNAUTHORIZED), 'systemUserInfo', false, []],
    [
      'quiet call, network: nothing',
      new NetworkError('/p', 'no-answer'),
      'systemClientConfig',
      false,
      [],
    ],
    [
      'display config, network: nothing (the apps keep their defaults)',
      new NetworkError('/p', 'no-answer'),
      'systemDisplayConfig',
      false,
      [],
    ],
    [
      'display config, server error: nothing',
      api(ErrorCode.SERVICE_UNAVAILABLE),
      'systemDisplayConfig',
      false,
      [],
    ],
    ['skipErrorHandler: nothing', new NetworkError('/p', 'unreadable'), 'systemBenefits', true, []],
    [
      "a bug: nothing (it is not the user's problem to read)",
      new RangeError('x'),
      'systemBenefits',
      false,
      [],
    ],
  ] as const)('%s', (_l, error, name, skip, expected) => {
    expect(run(error, name, skip)).toEqual(expected);
  });
});
