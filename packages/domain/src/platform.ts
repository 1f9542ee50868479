import { DetectedPlatform, DevicePlatform } from './enums.ts';

/**
 * The visitor's platform from a user-agent string (spec section 3). iPadOS 13+ reports itself as
 * a Mac; callers that can see touch support pass `maxTouchPoints` to tell them apart.
 * Windows is the default.
 */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): DetectedPlatform {
  const ua = userAgent.toLowerCase();
  if (/iphone|ipad|ipod/.test(ua)) return DetectedPlatform.IOS;
  if (ua.includes('android')) return DetectedPlatform.ANDROID;
  if (ua.includes('macintosh') || ua.includes('mac os x')) {
    return maxTouchPoints > 1 ? DetectedPlatform.IOS : DetectedPlatform.MAC;
  }
  return DetectedPlatform.WINDOWS;
}

/**
 * The platform whose client app fits the visitor's device, or null when there is none (Linux,
 * ChromeOS, anything unknown): what /download recommends. Unlike `detectPlatform` (the request
 * header, which defaults to Windows), a Linux visitor is not told to take the Windows app.
 */
export function appPlatformFor(userAgent: string, maxTouchPoints = 0): DetectedPlatform | null {
  const ua = userAgent.toLowerCase();
  if (/iphone|ipad|ipod|android|macintosh|mac os x/.test(ua))
    return detectPlatform(userAgent, maxTouchPoints);
  return /\bwindows\b/.test(ua) ? DetectedPlatform.WINDOWS : null;
}

/**
 * Whether a configured download offers something to take (a store page or a package): an entry
 * with a version but no link is not available yet.
 */
export function downloadAvailable(download: {
  readonly storeUrl: string | null;
  readonly packageUrl: string | null;
}): boolean {
  return Boolean(download.storeUrl?.trim() || download.packageUrl?.trim());
}

/** The lowercase form sent in the `platform` request header. */
export type PlatformHeader = Lowercase<DetectedPlatform>;
export const PLATFORM_HEADERS: readonly PlatformHeader[] = ['ios', 'android', 'mac', 'windows'];

export function platformHeader(platform: DetectedPlatform): PlatformHeader {
  return platform.toLowerCase() as PlatformHeader;
}

export function platformFromHeader(value: string | undefined): DetectedPlatform | undefined {
  const v = value?.trim().toLowerCase();
  return PLATFORM_HEADERS.find((p) => p === v)?.toUpperCase() as DetectedPlatform | undefined;
}

/** The device platform number (0-4) that corresponds to a detected platform. */
export function devicePlatformOf(platform: DetectedPlatform): DevicePlatform {
  switch (platform) {
    case DetectedPlatform.IOS:
      return DevicePlatform.IOS;
    case DetectedPlatform.ANDROID:
      return DevicePlatform.ANDROID;
    case DetectedPlatform.MAC:
      return DevicePlatform.MAC;
    case DetectedPlatform.WINDOWS:
      return DevicePlatform.WINDOWS;
  }
}

/**
 * Ad-network crawlers that fetch landing pages to review ads. The app renders nothing for them
 * (spec section 1). Search and link-preview bots are not ad crawlers: they read the pre-rendered
 * HTML as usual.
 */
const AD_CRAWLER_PATTERN =
  /adsbot-google|adsbot|mediapartners-google|google-adwords|adidxbot|bingpreview|baiduspider-ads|yandexdirect|yahooads/i;

export function isAdCrawler(userAgent: string): boolean {
  return AD_CRAWLER_PATTERN.test(userAgent);
}
