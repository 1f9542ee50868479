/**
 * The accounts noun's lower entry (docs/architecture.md, noun folders, "two entries"): the
 * account row (`store.ts`, the account columns of `users`), its look-ups and the user lock, which
 * every noun below the member's calls reads. Sign-up, sign-in, sessions and the console's calls
 * about an account are the upper entry, `accounts/calls/index.ts`.
 */
export { inviteLinkOf } from './invite-link.ts';
export { lockedUser, reasonOf } from './locked-user.ts';
export { maskedAccount } from './masked-account.ts';
export {
  countNewOrder,
  countPaidOrder,
  keptCountDrift,
  orderCountDrift,
  orderCountOf,
} from './counts-store.ts';
export {
  inviteeCount,
  inviteePage,
  inviteesRegistered,
  inviterOf,
  recentInvitees,
  setReferralDate,
} from './invitees-store.ts';
export {
  contactsOf,
  findAnyUser,
  findUserById,
  insertUser,
  lockUser,
  lockUsers,
  membershipOf,
  newInviteCode,
  signupsByDay,
  updateAccount,
  userColumns,
  usersWrittenAt,
  usersWrittenSince,
} from './store.ts';
export { accountName, searchUsers, userSummary, userSummaryById } from './user-search.ts';
export type { UserSummary } from './user-search.ts';
