/** The third-party noun: what other folders may use of it (docs/architecture.md, noun folders). */
export { SUBSCRIPTION_FORMATS, subscriptionFormat } from './client-format.ts';
export type { SubscriptionFormat } from './client-format.ts';
export {
  currentStatus,
  thirdPartyDisable,
  thirdPartyEnable,
  thirdPartyReset,
  thirdPartyStatus,
} from './member-routes.ts';
export { registerThirdParty } from './subscription-route.ts';
export { pruneRevokedTokens } from './subscription-tokens.ts';
