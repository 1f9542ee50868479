/**
 * The Telegram noun's upper entry (docs/architecture.md, noun folders, "two entries"): the bot
 * and its webhook (`registerTelegram`), the member's link calls and the job delivering the
 * queue. It reads third-party/ and nodes/ (the bot's /sub and /status), which sit above the
 * queue that mail/ writes to.
 */
export { sendTelegramMessages } from './jobs.ts';
export { telegramLink, telegramNotices, telegramStatus, telegramUnlink } from './member-routes.ts';
export { registerTelegram } from './register.ts';
