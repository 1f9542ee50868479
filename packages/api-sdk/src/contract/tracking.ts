/**
 * Attribution parameters (spec section 3): read from the landing page's query string, kept in
 * cookies on the parent domain for 7 days, and sent with registration (and orders) so the
 * server can credit a referral or an ad click. Plain data: the browser client and the server
 * both read this list.
 */

/** Click ids of the ad networks, stored under their own names. */
export const CLICK_ID_PARAMS = [
  'gclid',
  'wbraid',
  'gbraid',
  'twclid',
  'bd_vid',
  'fbclid',
  'msclkid',
] as const;

/** The referral/source parameter (`ref`, or `source` when `ref` is absent), stored as `ref`. */
export const REF_PARAMS = ['ref', 'source'] as const;
/** The action parameter; stored combined with the referral as `ref_action` = `${ref}:${action}`. */
export const ACTION_PARAM = 'action';

/** Every key `getAttribution()` may return and the register call accepts. */
export const ATTRIBUTION_KEYS = [...CLICK_ID_PARAMS, 'ref', 'ref_action'] as const;
export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];

/** Longest value kept from the query string (longer values are cut, not rejected). */
export const ATTRIBUTION_VALUE_MAX_LENGTH = 256;

/**
 * A group-buy invite link carries the group in this query parameter; it is kept in the
 * `group_id` cookie (7 days) and sent as the `group-id` header, so a visitor who registers or
 * logs in first still lands in the group.
 */
export const GROUP_ID_PARAM = 'groupId';
export const GROUP_ID_COOKIE = 'group_id';
