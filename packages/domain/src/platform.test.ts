import { describe, expect, test } from 'vitest';
import {
  appPlatformFor,
  detectPlatform,
  downloadAvailable,
  devicePlatformOf,
  isAdCrawler,
  platformFromHeader,
  platformHeader,
} from './platform.ts';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  linux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
};

describe('the app platform /download recommends', () => {
  test.each([
    ['an iPhone', UA.iphone, 0, 'IOS'],
    ['an iPad that reports itself as a Mac', UA.mac, 5, 'IOS'],
    ['an Android phone (its agent also says Linux)', UA.android, 0, 'ANDROID'],
    ['a Mac', UA.mac, 0, 'MAC'],
    ['a Windows PC', UA.windows, 0, 'WINDOWS'],
    ['a Linux PC: no app fits', UA.linux, 0, null],
    ['a Chromebook: no app fits', 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) Chrome/131.0', 0, null],
    ['an empty user agent: unknown', '', 0, null],
  ])('%s is %s', (_name, ua, touch, expected) => {
    expect(appPlatformFor(ua, touch)).toBe(expected);
  });

  test.each([
    [{ storeUrl: null, packageUrl: null }, false],
    [{ storeUrl: ' ', packageUrl: '' }, false],
    [{ storeUrl: 'https://apps.apple.com/app/x', packageUrl: null }, true],
    [{ storeUrl: null, packageUrl: 'https://example.com/x.exe' }, true],
  ])('a download %j is available: %s', (download, expected) => {
    expect(downloadAvailable(download)).toBe(expected);
  });
});

describe('detected platform', () => {
  test.each([
    ['an iPhone', UA.iphone, 0, 'IOS'],
    ['an iPad', UA.ipad, 0, 'IOS'],
    ['an iPad that reports itself as a Mac', UA.mac, 5, 'IOS'],
    ['an Android phone', UA.android, 0, 'ANDROID'],
    ['a Mac', UA.mac, 0, 'MAC'],
    ['a Windows PC', UA.windows, 0, 'WINDOWS'],
    ['anything else defaults to Windows', UA.linux, 0, 'WINDOWS'],
    ['an empty user agent defaults to Windows', '', 0, 'WINDOWS'],
  ])('%s is %s', (_name, ua, touch, expected) => {
    expect(detectPlatform(ua, touch)).toBe(expected);
  });

  test.each([
    ['IOS', 'ios', 0],
    ['ANDROID', 'android', 1],
    ['MAC', 'mac', 2],
    ['WINDOWS', 'windows', 3],
  ] as const)('%s travels as %s and binds as device platform %i', (platform, header, device) => {
    expect(platformHeader(platform)).toBe(header);
    expect(platformFromHeader(header)).toBe(platform);
    expect(platformFromHeader(header.toUpperCase())).toBe(platform);
    expect(devicePlatformOf(platform)).toBe(device);
  });

  test('an unknown platform header is undefined', () => {
    expect(platformFromHeader('linux')).toBeUndefined();
    expect(platformFromHeader(undefined)).toBeUndefined();
  });
});

describe('ad crawlers', () => {
  test.each([
    ['AdsBot-Google (+http://www.google.com/adsbot.html)', true],
    ['Mozilla/5.0 (Linux; Android 6.0.1) AdsBot-Google-Mobile', true],
    ['Mediapartners-Google', true],
    ['Mozilla/5.0 (compatible; adidxbot/2.0; +http://www.bing.com/bingbot.htm)', true],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', false],
    [UA.iphone, false],
    [UA.windows, false],
  ])('%s -> %s', (ua, expected) => {
    expect(isAdCrawler(ua)).toBe(expected);
  });
});
