// @vitest-environment jsdom
import { beforeEach, expect, test } from 'vitest';
import { runAfterResponse, jsonResponse } from '../../../test/hook-state.ts';
import { captureDeviceId } from './capture-device-id.ts';

beforeEach(() => localStorage.clear());

test('a deviceId response header is kept, on success and failure alike', async () => {
  await runAfterResponse(
    captureDeviceId(localStorage),
    'userTrial',
    jsonResponse({}, { headers: { deviceId: 'd-1' } }),
  );
  expect(localStorage.getItem('deviceId')).toBe('d-1');
  await runAfterResponse(
    captureDeviceId(localStorage),
    'userTrial',
    jsonResponse({}, { status: 400, headers: { deviceid: 'd-2' } }),
  );
  expect(localStorage.getItem('deviceId')).toBe('d-2');
});

test('an answer without the header keeps the stored id', async () => {
  localStorage.setItem('deviceId', 'd-1');
  await runAfterResponse(captureDeviceId(localStorage), 'userTrial', jsonResponse({}));
  expect(localStorage.getItem('deviceId')).toBe('d-1');
});
