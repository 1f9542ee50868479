/** The Telegram noun: what other folders may use of it (docs/architecture.md, noun folders). */
export { sendTelegramMessages } from './jobs.ts';
export { telegramLink, telegramNotices, telegramStatus, telegramUnlink } from './member-routes.ts';
export { queueTelegramAlert, queueTelegramNotice } from './notify.ts';
export { registerTelegram } from './register.ts';
export { deleteTelegramOfUser } from './store.ts';
export { TELEGRAM_WEBHOOK_PATH } from './webhook.ts';
