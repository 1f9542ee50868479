/**
 * The Telegram noun's lower entry (docs/architecture.md, noun folders, "two entries"): the
 * message queue and links, which mail/ (every member notice) and the alerts write to. The bot,
 * its webhook, the queue's delivery and the member's link calls are the upper entry,
 * `telegram/bot/index.ts`.
 */
export { queueTelegramAlert, queueTelegramNotice } from './notify.ts';
export { deleteTelegramOfUser } from './store.ts';
