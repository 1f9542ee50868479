import type { AlertLanguage } from '../config/alerts-config.ts';

/**
 * What operators read in their alerts chat, in the language of the setting `alerts.language`.
 * Plain text (the queue sends no markup), one short line that says what broke and where to look.
 */
type Texts = {
  nodeOffline(v: { name: string; key: string; minutes: number; lastSeen: string }): string;
  nodeBack(v: { name: string; key: string }): string;
  paymentFailing(v: { provider: string; what: string; error: string }): string;
  paymentBack(v: { provider: string }): string;
  checkoutFailed: string;
  refundFailed(v: { orderId: string }): string;
  dispute(v: { orderId: string; amount: string; provider: string }): string;
};

const en: Texts = {
  nodeOffline: (v) =>
    `⚠️ Node ${v.name} (${v.key}) is offline: no report for ${v.minutes} minutes (last seen ${v.lastSeen} UTC).`,
  nodeBack: (v) => `✅ Node ${v.name} (${v.key}) is back online.`,
  paymentFailing: (v) =>
    `⚠️ Payment provider ${v.provider} is failing: ${v.what} (${v.error}). Buyers cannot pay with it until it works again.`,
  paymentBack: (v) => `✅ Payment provider ${v.provider} works again: a checkout opened.`,
  checkoutFailed: 'a checkout could not be opened',
  refundFailed: (v) => `order ${v.orderId} could not be refunded (it is tried again)`,
  dispute: (v) =>
    `⚠️ Dispute on order ${v.orderId}: the buyer's bank took back ${v.amount} (${v.provider}). The membership time it paid for was taken back; answer the dispute in the provider's dashboard.`,
};

const zh: Texts = {
  nodeOffline: (v) =>
    `⚠️ 节点 ${v.name}（${v.key}）已离线：${v.minutes} 分钟没有上报（最后一次 ${v.lastSeen} UTC）。`,
  nodeBack: (v) => `✅ 节点 ${v.name}（${v.key}）已恢复在线。`,
  paymentFailing: (v) =>
    `⚠️ 支付渠道 ${v.provider} 出现故障：${v.what}（${v.error}）。恢复之前买家无法用它付款。`,
  paymentBack: (v) => `✅ 支付渠道 ${v.provider} 已恢复：结账页面已能正常打开。`,
  checkoutFailed: '无法打开结账页面',
  refundFailed: (v) => `订单 ${v.orderId} 退款失败（稍后会自动重试）`,
  dispute: (v) =>
    `⚠️ 订单 ${v.orderId} 发生争议（拒付）：买家银行通过 ${v.provider} 收回了 ${v.amount}。该订单开通的会员时长已收回；请在支付渠道后台处理争议。`,
};

export const ALERT_TEXTS: Record<AlertLanguage, Texts> = { en, 'zh-CN': zh };

/** An instant as operators read it in an alert: `2026-11-29 01:02` (UTC). */
export const alertTime = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** A provider's error, one line and short (a provider's message can be long or multi-line). */
export const alertError = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 200);
