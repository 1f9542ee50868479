import { Type, type Static } from 'typebox';
import { NoInput, NullableTimestamp } from './common.ts';

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
  /** Subscription URLs per format, present only while enabled. */
  subscription: Type.Union([
    Type.Object({ clash: Type.String(), singbox: Type.String(), base64: Type.String() }),
    Type.Null(),
  ]),
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
