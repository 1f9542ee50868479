import { DeviceKind, DevicePlatform } from '@nimbus/domain';
import { describe, expect, test } from 'vitest';
import { deviceUsage, kindKey, platformKey } from './device-labels.ts';

describe('device labels', () => {
  test.each([
    [DevicePlatform.IOS, 'platform_ios'],
    [DevicePlatform.ANDROID, 'platform_android'],
    [DevicePlatform.MAC, 'platform_mac'],
    [DevicePlatform.WINDOWS, 'platform_windows'],
    [DevicePlatform.OTHER, 'platform_others'],
  ])('platform %i reads %s', (platform, key) => {
    expect(platformKey(platform)).toBe(key);
  });

  test('kind 0 is a phone or tablet, kind 1 a computer', () => {
    expect(kindKey(DeviceKind.MOBILE)).toBe('type_mobile');
    expect(kindKey(DeviceKind.PC)).toBe('type_pc');
  });

  test.each([
    [1, 3, false],
    [3, 3, true],
    [0, 0, true],
  ])('%i of %i devices: full is %s', (used, limit, full) => {
    expect(deviceUsage(used, limit)).toEqual({ used, limit, full });
  });
});
