/** The membership noun: what other folders may use of it (docs/architecture.md, noun folders). */
export { adminRedeemCreate, adminRedeemDisable, adminRedeemList } from './console-routes.ts';
export { grantPlanTime, reverseCredit } from './credit.ts';
export type { Credited, CreditToReverse, PlanGrant } from './credit.ts';
export { queueMembershipNotices } from './membership-notices.ts';
export { activeMemberCount, findMembership, updateMembership } from './membership-store.ts';
export type { MembershipChange, MembershipRow } from './membership-store.ts';
export { USAGE as REDEEM_USAGE, redeemCommand } from './ops.ts';
export { redeemCode } from './redeem-code.ts';
export { claimDeviceTrial, deviceUsedTrial, forgetTrialUser } from './trial-store.ts';
export { trial } from './trial.ts';
export { liteUpgradeFor, upgradeQuote } from './upgrade-quote.ts';
export {
  checkTrafficQuotas,
  gbText,
  grantTrafficTopUp,
  quotaStatusOf,
  quotaView,
} from './traffic-quota.ts';
export type { QuotaStatus } from './traffic-quota.ts';
export { memberTrafficWithQuota } from './traffic-view.ts';
export { adjustUserTime } from './adjust-time.ts';
export { adminUserAdjustTime, adminUserTopUp } from './console-routes.ts';
