/** Operator alerts in Telegram (README.md): what other folders may use of them. */
export { alertDispute } from './dispute.ts';
export { watchNodes } from './node-watch.ts';
export { paymentProviderFailed, paymentProviderWorks } from './payment-watch.ts';
export type { AlertServices } from './raise.ts';
