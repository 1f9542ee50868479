import { describe, expect, test } from 'vitest';
import { DetectedPlatform, type Language } from '@nimbus/domain';
import { memoryJar, runBeforeRequest } from '../../../test/hook-state.ts';
import { setRequestHeaders } from './set-request-headers.ts';

const sources = (over: Partial<Parameters<typeof setRequestHeaders>[0]> = {}) => ({
  getToken: () => 'tok',
  getPlatform: () => DetectedPlatform.IOS,
  getLanguage: (): Language => 'zh-CN',
  getDeviceId: () => 'dev',
  cookies: memoryJar({ group_id: 'G1', bd_vid: 'B1', twclid: 'T1' }),
  ...over,
});

describe('setRequestHeaders', () => {
  test('sets the session, platform, language, device and tracking headers', async () => {
    const { request } = await runBeforeRequest(setRequestHeaders(sources()), 'systemBenefits');
    expect(Object.fromEntries(request.headers)).toMatchObject({
      authorization: 'tok',
      platform: 'ios',
      language: 'zh_CN',
      deviceid: 'dev',
      'group-id': 'G1',
      'bd-vid': 'B1',
      twclid: 'T1',
    });
  });

  test.each([
    [DetectedPlatform.ANDROID, 'android'],
    [DetectedPlatform.MAC, 'mac'],
    [DetectedPlatform.WINDOWS, 'windows'],
  ])('platform %s is sent as %s', async (platform, header) => {
    const { request } = await runBeforeRequest(
      setRequestHeaders(sources({ getPlatform: () => platform })),
      'systemBenefits',
    );
    expect(request.headers.get('platform')).toBe(header);
  });

  test('English is sent as en', async () => {
    const { request } = await runBeforeRequest(
      setRequestHeaders(sources({ getLanguage: () => 'en' })),
      'systemBenefits',
    );
    expect(request.headers.get('language')).toBe('en');
  });

  test('missing values leave their headers out (no empty Authorization)', async () => {
    const { request } = await runBeforeRequest(
      setRequestHeaders(
        sources({ getToken: () => null, getDeviceId: () => null, cookies: memoryJar() }),
      ),
      'systemBenefits',
    );
    for (const h of ['authorization', 'deviceid', 'group-id', 'bd-vid', 'twclid'])
      expect(request.headers.has(h), h).toBe(false);
  });
});
