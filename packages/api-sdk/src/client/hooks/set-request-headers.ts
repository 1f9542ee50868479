import {
  LanguageHeader,
  platformHeader,
  type DetectedPlatform,
  type Language,
} from '@nimbus/domain';
import type { BeforeRequestHook } from 'ky';
import { RequestHeader } from '../../contract/headers.ts';
import { GROUP_ID_COOKIE } from '../../contract/tracking.ts';
import type { CookieJar } from '../cookies.ts';

export interface RequestHeaderSources {
  getToken: () => string | null;
  getPlatform: () => DetectedPlatform;
  getLanguage: () => Language;
  getDeviceId: () => string | null;
  cookies: CookieJar;
}

/** Adds the session, platform, language, device and attribution headers to every call. */
export function setRequestHeaders(sources: RequestHeaderSources): BeforeRequestHook {
  return (request) => {
    const set = (name: string, value: string | null | undefined) => {
      if (value) request.headers.set(name, value);
    };
    set(RequestHeader.authorization, sources.getToken());
    set(RequestHeader.platform, platformHeader(sources.getPlatform()));
    set(RequestHeader.language, LanguageHeader[sources.getLanguage()] ?? LanguageHeader['zh-CN']);
    set(RequestHeader.deviceId, sources.getDeviceId());
    set(RequestHeader.groupId, sources.cookies.get(GROUP_ID_COOKIE));
    set(RequestHeader.bdVid, sources.cookies.get('bd_vid'));
    set(RequestHeader.twclid, sources.cookies.get('twclid'));
  };
}
