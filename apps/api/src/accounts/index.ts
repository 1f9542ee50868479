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
  contactsOf,
  countNewOrder,
  countPaidOrder,
  findAnyUser,
  findUserById,
  insertUser,
  inviteeCount,
  inviteePage,
  inviteesRegistered,
  inviterOf,
  keptCountDrift,
  lockUser,
  lockUsers,
  membershipOf,
  newInviteCode,
  orderCountDrift,
  orderCountOf,
  recentInvitees,
  setReferralDate,
  signupsByDay,
  updateAccount,
  userColumns,
  usersWrittenAt,
  usersWrittenSince,
} from './store.ts';
export { accountName, searchUsers, userSummary, userSummaryById } from './user-search.ts';
export type { UserSummary } from './user-search.ts';
