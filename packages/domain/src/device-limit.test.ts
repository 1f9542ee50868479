import { describe, expect, test } from 'vitest';
import { canBindAnotherDevice, checkDeviceBinding } from './device-limit.ts';

describe('device limit', () => {
  test.each([
    [
      'the first device of a 5-device plan binds',
      [],
      'd1',
      5,
      { ok: true, value: { alreadyBound: false, remainingSlots: 4 } },
    ],
    [
      'the fifth device of a 5-device plan binds',
      ['d1', 'd2', 'd3', 'd4'],
      'd5',
      5,
      { ok: true, value: { alreadyBound: false, remainingSlots: 0 } },
    ],
    [
      'a sixth device is refused',
      ['d1', 'd2', 'd3', 'd4', 'd5'],
      'd6',
      5,
      { ok: false, error: 'device_limit_reached' },
    ],
    [
      'a bound device signs in again at the limit',
      ['d1', 'd2', 'd3', 'd4', 'd5'],
      'd3',
      5,
      { ok: true, value: { alreadyBound: true, remainingSlots: 0 } },
    ],
    [
      'a plan that lost slots still lets bound devices in',
      ['d1', 'd2', 'd3'],
      'd1',
      2,
      { ok: true, value: { alreadyBound: true, remainingSlots: 0 } },
    ],
    ['no plan allows no device', [], 'd1', 0, { ok: false, error: 'device_limit_reached' }],
  ])('%s', (_rule, boundDeviceIds, deviceId, devicesAllowed, expected) => {
    expect(checkDeviceBinding({ boundDeviceIds, deviceId, devicesAllowed })).toEqual(expected);
  });

  test.each([
    [0, 1, true],
    [1, 1, false],
    [4, 5, true],
    [5, 5, false],
  ])('%i bound of %i allowed: another fits %s', (count, allowed, expected) => {
    expect(canBindAnotherDevice(count, allowed)).toBe(expected);
  });
});
