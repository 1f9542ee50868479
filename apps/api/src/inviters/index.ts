/**
 * The inviters noun (docs/architecture.md, noun folders): referrals and the KOL programme,
 * applications, commissions, payouts, wallets and the running totals. Registration and payment
 * tell it through hooks (`countInvitee`, the order hooks) and never write its tables.
 */
export { affiliate } from './affiliate.ts';
export { kolClawbackHook, kolCommissionHook } from './commission-hooks.ts';
export {
  adminKolApplications,
  adminKolApprove,
  adminKolDecline,
  adminKolDetail,
  adminKolList,
  adminKolPayout,
  adminKolSetRate,
} from './console-routes.ts';
export { invitationRecords } from './invitation-records.ts';
export { kolApplication, kolApply } from './member-routes.ts';
export { listKolAccounts } from './kol-store.ts';
export { updateKolWallet } from './kol-wallet.ts';
export { summariesNow } from './ledger.ts';
export { unsettledCommissionSums } from './ledger-store.ts';
export {
  COMMISSIONS_USAGE,
  commissionsCommand,
  KOL_USAGE,
  kolCommand,
  PAYOUT_USAGE,
  payoutCommand,
} from './ops.ts';
export { countInvitee, paidInviteeHook, unpaidInviteeHook } from './paid-invitees.ts';
export { referralBonusHook, referralReversalHook } from './referral-bonus.ts';
