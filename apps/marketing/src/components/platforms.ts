import type { DetectedPlatform } from '@nimbus/domain/enums';
import { appPlatformFor } from '@nimbus/domain/platform';

export const PLATFORMS = [
  'IOS',
  'ANDROID',
  'MAC',
  'WINDOWS',
] as const satisfies readonly DetectedPlatform[];
export type Platform = (typeof PLATFORMS)[number];

/** The download section of each platform on /download. */
export const PLATFORM_ANCHOR: Record<Platform, string> = {
  IOS: 'ios',
  ANDROID: 'android',
  MAC: 'macos',
  WINDOWS: 'windows',
};

/** The visitor's platform first, then the others in the usual order. */
export function platformsFor(first: Platform): Platform[] {
  return [first, ...PLATFORMS.filter((p) => p !== first)];
}

/**
 * The platform of the browser's device when one of the apps fits it, else null (a Linux PC is
 * not sent to the Windows app). iPadOS reports itself as a Mac: touch points tell them apart.
 */
export function browserPlatform(): Platform | null {
  return appPlatformFor(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}
