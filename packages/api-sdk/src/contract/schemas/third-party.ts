import { Type, type Static } from 'typebox';
import { NoInput, NullableTimestamp } from './common.ts';

/**
 * Deep links that open a client's import dialog with the subscription URL:
 * `clash://install-config?url=...`, `sing-box://import-remote-profile?url=...#Nimbus`,
 * `shadowrocket://add/sub://<base64 of the URL>`, `surge:///install-config?url=...`,
 * `quantumult-x:///add-resource?remote-resource=<JSON naming the server list>`,
 * `loon://import?nodelist=...`.
 */
export const ImportLinks = Type.Object({
  clash: Type.String(),
  singbox: Type.String(),
  shadowrocket: Type.String(),
  surge: Type.String(),
  quantumultx: Type.String(),
  loon: Type.String(),
});
export type ImportLinks = Static<typeof ImportLinks>;

export const Subscription = Type.Object({
  clash: Type.String(),
  singbox: Type.String(),
  base64: Type.String(),
  surge: Type.String(),
  quantumultx: Type.String(),
  loon: Type.String(),
  importLinks: ImportLinks,
});
export type Subscription = Static<typeof Subscription>;

/**
 * The third-party client feature: a subscription link for Clash/mihomo, sing-box and base64
 * clients, speed-limited while enabled; enabling is allowed once within 7 days.
 */
export const ThirdPartyStatus = Type.Object({
  enabled: Type.Boolean(),
  enabledAt: NullableTimestamp,
  /** When enabling is next allowed; null when it is allowed now. */
  nextEnableAt: NullableTimestamp,
  speedLimitMbps: Type.Integer({ minimum: 0 }),
  /** Subscription URLs per format, and one-click import deep links; present only while enabled. */
  subscription: Type.Union([Subscription, Type.Null()]),
});
export type ThirdPartyStatus = Static<typeof ThirdPartyStatus>;

export const thirdParty = {
  systemThirdPartyStatus: { request: NoInput, response: ThirdPartyStatus },
  /** Refused within the cool-down (THIRD_PARTY_COOLDOWN). */
  systemThirdPartyEnable: { request: NoInput, response: ThirdPartyStatus },
  systemThirdPartyDisable: { request: NoInput, response: ThirdPartyStatus },
  /** A new link; the old one stops working at once. */
  systemThirdPartyReset: { request: NoInput, response: ThirdPartyStatus },
} as const;
