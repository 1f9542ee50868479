import { DeviceKind, DevicePlatform } from '@nimbus/domain';

type PlatformKey =
  'platform_ios' | 'platform_android' | 'platform_mac' | 'platform_windows' | 'platform_others';

const PLATFORM_KEYS: Record<DevicePlatform, PlatformKey> = {
  [DevicePlatform.IOS]: 'platform_ios',
  [DevicePlatform.ANDROID]: 'platform_android',
  [DevicePlatform.MAC]: 'platform_mac',
  [DevicePlatform.WINDOWS]: 'platform_windows',
  [DevicePlatform.OTHER]: 'platform_others',
};

/** The device catalogue key of a platform (spec section 3: 0 iOS ... 4 other). */
export function platformKey(platform: DevicePlatform): PlatformKey {
  return PLATFORM_KEYS[platform];
}

export function kindKey(kind: DeviceKind): 'type_mobile' | 'type_pc' {
  return kind === DeviceKind.PC ? 'type_pc' : 'type_mobile';
}

export interface DeviceUsage {
  used: number;
  limit: number;
  /** No free slot: a new device cannot be signed in until one is unbound. */
  full: boolean;
}

/** 'x of y devices' and whether the plan's limit is reached. */
export function deviceUsage(used: number, limit: number): DeviceUsage {
  return { used, limit, full: used >= limit };
}
