import type { ActiveSession } from '@nimbus/api-sdk/contract';

type PlatformKey =
  'platform_ios' | 'platform_android' | 'platform_mac' | 'platform_windows' | 'platform_others';

const PLATFORMS: Readonly<Record<string, PlatformKey>> = {
  ios: 'platform_ios',
  android: 'platform_android',
  mac: 'platform_mac',
  windows: 'platform_windows',
};

/** The device catalogue key of a session's platform header (other when none or unknown). */
export function sessionPlatformKey(platform: string | null): PlatformKey {
  return (platform !== null ? PLATFORMS[platform] : undefined) ?? 'platform_others';
}

/**
 * The platform line under a session's device, only when the browser's agent named no system: the
 * platform header of the web apps says Windows for any computer that is not a Mac, so beside
 * "Chrome on Linux" it would contradict what the agent says.
 */
export function sessionPlatformLine(
  session: Pick<ActiveSession, 'system' | 'platform'>,
): PlatformKey | null {
  return session.system ? null : sessionPlatformKey(session.platform);
}

/** What names a session's device: browser and system, one of them, or nothing known. */
export type SessionDeviceLabel =
  | { key: 'session_device'; vars: { browser: string; system: string } }
  | { key: 'session_device_named'; vars: { name: string } }
  | { key: 'session_device_unknown'; vars: Record<string, never> };

export function sessionDeviceLabel(
  session: Pick<ActiveSession, 'browser' | 'system'>,
): SessionDeviceLabel {
  const { browser, system } = session;
  if (browser !== null && system !== null)
    return { key: 'session_device', vars: { browser, system } };
  const one = browser ?? system;
  return one !== null
    ? { key: 'session_device_named', vars: { name: one } }
    : { key: 'session_device_unknown', vars: {} };
}
