/**
 * The accounts noun's upper entry (docs/architecture.md, noun folders, "two entries"): the
 * member's calls (sign-up, sign-in, sessions, passwords, e-mail choices, deleting the account),
 * the console's calls about an account and the actions `pnpm ops user` shares with them. The
 * account row and its look-ups are the lower entry, `accounts/index.ts`.
 */
export { endOtherSessions, endSession, listSessions } from './active-sessions.ts';
export { changeUserContact } from './change-contact.ts';
export type { ContactField } from './change-contact.ts';
export { changePassword } from './change-password.ts';
export { confirmIdentity } from './confirm-identity.ts';
export {
  adminUserChangeContact,
  adminUserReinstate,
  adminUserRevokeSessions,
  adminUserSearch,
  adminUserSuspend,
} from './console-routes.ts';
export { adminUserCreate } from './create-user.ts';
export { deleteAccount } from './delete-account.ts';
export { keepAccount } from './keep-account.ts';
export { login, recordLoginFailure, refuseIfLocked } from './login.ts';
export { logout } from './logout.ts';
export { mailPreferences, mailUnsubscribe, updateMailPreferences } from './mail-preferences.ts';
export { registerUnsubscribeRoute } from './mail-unsubscribe-route.ts';
export { reinstateUser, revokeUserSessions, suspendUser } from './manage-account.ts';
export { register } from './register.ts';
export type { RegistrationServices } from './registration-hooks.ts';
export { resetPassword } from './reset-password.ts';
export { sendCode } from './send-code.ts';
export { exchangeSignInLink, issueSignInLink, signInLinkAccount } from './sign-in-link.ts';
export { userInfo } from './user-info.ts';
