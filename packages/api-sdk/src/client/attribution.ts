import { TRACKING_COOKIE_DAYS } from '@nimbus/domain';
import {
  ACTION_PARAM,
  ATTRIBUTION_KEYS,
  ATTRIBUTION_VALUE_MAX_LENGTH,
  CLICK_ID_PARAMS,
  GROUP_ID_COOKIE,
  GROUP_ID_PARAM,
  REF_PARAMS,
  type AttributionKey,
} from '../contract/tracking.ts';
import type { CookieJar } from './cookies.ts';

export type AttributionValues = Partial<Record<AttributionKey, string>>;

const clean = (value: string | null) => {
  const v = value?.trim();
  return v ? v.slice(0, ATTRIBUTION_VALUE_MAX_LENGTH) : undefined;
};

/**
 * Keeps the landing page's tracking parameters in cookies on the parent domain for 7 days
 * (spec section 3): click ids under their own names, `ref` (or `source`) as `ref`, and the
 * action combined with the referral as `ref_action` = `${ref}:${action}` (the referral from
 * this URL or, failing that, the one kept from an earlier visit). A group-buy link's
 * `groupId` is kept as `group_id`. A parameter absent from the URL leaves its cookie alone.
 */
export function captureAttribution(pageUrl: string, cookies: CookieJar): void {
  const params = new URL(pageUrl).searchParams;
  for (const name of CLICK_ID_PARAMS) {
    const value = clean(params.get(name));
    if (value) cookies.set(name, value, TRACKING_COOKIE_DAYS);
  }
  const ref = REF_PARAMS.map((p) => clean(params.get(p))).find(Boolean);
  if (ref) cookies.set('ref', ref, TRACKING_COOKIE_DAYS);
  const action = clean(params.get(ACTION_PARAM));
  const knownRef = ref ?? cookies.get('ref');
  if (action && knownRef)
    cookies.set(
      'ref_action',
      `${knownRef}:${action}`.slice(0, ATTRIBUTION_VALUE_MAX_LENGTH),
      TRACKING_COOKIE_DAYS,
    );
  const groupId = clean(params.get(GROUP_ID_PARAM));
  if (groupId) cookies.set(GROUP_ID_COOKIE, groupId, TRACKING_COOKIE_DAYS);
}

/** The kept attribution, for the register call (only keys that have a value). */
export function readAttribution(cookies: CookieJar): AttributionValues {
  const out: AttributionValues = {};
  for (const key of ATTRIBUTION_KEYS) {
    const value = cookies.get(key);
    if (value) out[key] = value;
  }
  return out;
}
