/**
 * The mail noun (docs/architecture.md, noun folders): the outgoing mail queue and its sender,
 * member notices (`notifyMember`, also to a linked Telegram chat), e-mail choices and the
 * one-click unsubscribe links. What other folders may use of it.
 */
export { deliverQueuedMail } from './mail-sender.ts';
export { queueMail } from './mail-store.ts';
export { languageOf } from './notices.ts';
export { notifyMember } from './notify.ts';
export { optedOutCategories, setOptOut } from './opt-out-store.ts';
export { ONE_CLICK_PATH, unsubscribeTokens } from './unsubscribe-links.ts';
