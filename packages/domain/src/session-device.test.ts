import { describe, expect, test } from 'vitest';
import { sessionDeviceOf } from './session-device.ts';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 OPR/115.0',
};

describe('the device of a session', () => {
  test.each([
    ['Chrome on Windows', UA.chromeWindows, 'Chrome', 'Windows'],
    ['Edge is not taken for the Chrome it names', UA.edgeWindows, 'Edge', 'Windows'],
    ['Safari on a Mac', UA.safariMac, 'Safari', 'macOS'],
    ['Safari on an iPhone is iOS, not macOS', UA.safariIphone, 'Safari', 'iOS'],
    ['Chrome on an iPhone', UA.chromeIphone, 'Chrome', 'iOS'],
    ['Chrome on Android is Android, not Linux', UA.chromeAndroid, 'Chrome', 'Android'],
    ['Firefox on Linux', UA.firefoxLinux, 'Firefox', 'Linux'],
    ['Opera is not taken for Chrome', UA.operaMac, 'Opera', 'macOS'],
    [
      'headless Chrome is Chrome',
      UA.chromeWindows.replace('Chrome/', 'HeadlessChrome/'),
      'Chrome',
      'Windows',
    ],
    ['an agent that names nothing known', 'curl/8.5.0', null, null],
  ])('%s', (_, userAgent, browser, system) => {
    expect(sessionDeviceOf(userAgent)).toEqual({ browser, system });
  });

  test('no user agent: nothing is known', () => {
    expect(sessionDeviceOf(null)).toEqual({ browser: null, system: null });
    expect(sessionDeviceOf('')).toEqual({ browser: null, system: null });
  });
});
