import type { IncomingHttpHeaders } from 'node:http';
import type { Language } from '@nimbus/domain';
import { productName } from '../../../plans/index.ts';
import type { EpayMethod, EpaySettings } from '../../../config/providers-config.ts';
import type { OrderRow } from '../../order-hooks.ts';
import type {
  Checkout,
  IgnoredEvent,
  PaymentEvent,
  PaymentProvider,
  WebhookAnswer,
} from '../provider.ts';
import { epaySign, epayVerify, minorOf, moneyOf } from './epay-sign.ts';

/** Our method names to the protocol's `type`. */
const TYPES = { alipay: 'alipay', wechat: 'wxpay' } as const satisfies Record<EpayMethod, string>;

export interface EpayProviderOptions {
  settings: EpaySettings;
  /** Absolute URL of this server's notify route (the webhook of provider `epay`). */
  notifyUrl: string;
  /** Absolute URL the buyer returns to after paying (the purchase result page). */
  returnUrl: string;
}

/**
 * An EPay (易支付) merchant gateway, the protocol Chinese panels such as Xboard speak: the buyer
 * is sent to the gateway's `submit.php` with the order's parameters signed by the merchant key
 * (MD5), and the gateway notifies `notify_url` (GET or POST, form fields) when the trade succeeds,
 * signed the same way; the merchant answers the plain text `success`. The protocol has no
 * refund call: a refund is recorded here and the money is returned in the gateway's panel.
 */
export class EpayProvider implements PaymentProvider {
  readonly name = 'epay';
  /** EPay has no call to close a checkout: submit.php takes a payment until the order expires. */
  readonly checkoutStaysOpen = true;
  readonly webhookGet = true;

  constructor(private readonly options: EpayProviderOptions) {}

  takesCurrency(currency: string): boolean {
    return currency === this.options.settings.currency;
  }

  createCheckout(order: OrderRow, language: Language): Promise<Checkout> {
    const { settings } = this.options;
    const type = TYPES[order.payment_method as EpayMethod];
    if (!type) return Promise.reject(new Error(`EPay does not take ${order.payment_method}`));
    if (!this.takesCurrency(order.currency))
      return Promise.reject(new Error(`EPay charges ${settings.currency}, not ${order.currency}`));
    const returnUrl = this.options.returnUrl;
    const params: Record<string, string> = {
      pid: settings.merchantId,
      type,
      out_trade_no: order.public_id,
      notify_url: this.options.notifyUrl,
      return_url: `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}orderId=${order.public_id}`,
      name: productName(language, order.group_type, order.duration_days),
      money: moneyOf(order.amount_minor),
    };
    params.sign = epaySign(params, settings.key);
    params.sign_type = 'MD5';
    return Promise.resolve({
      checkoutUrl: `${settings.gatewayUrl}/submit.php?${new URLSearchParams(params).toString()}`,
      providerRef: `epay_${order.public_id}`,
    });
  }

  verifyWebhook(
    rawBody: Buffer,
    _headers: IncomingHttpHeaders,
  ): PaymentEvent | IgnoredEvent | undefined {
    if (rawBody.length > 4096) return undefined;
    const params: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(rawBody.toString('utf8'))) {
      // A repeated parameter is not something a gateway sends: refuse rather than pick one.
      if (name in params) return undefined;
      params[name] = value;
    }
    const { settings } = this.options;
    if (params.sign_type !== undefined && params.sign_type.toUpperCase() !== 'MD5')
      return undefined;
    if (!epayVerify(params, settings.key)) return undefined;
    if (params.pid !== settings.merchantId) return undefined;
    const tradeNo = params.trade_no ?? '';
    const orderId = params.out_trade_no ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(tradeNo) || !/^[A-Z0-9]{8,64}$/.test(orderId))
      return undefined;
    const eventId = `trade_${tradeNo}`;
    if (params.trade_status !== 'TRADE_SUCCESS')
      return { ignored: true, eventId, reason: `trade_status ${params.trade_status ?? '(none)'}` };
    const amountMinor = minorOf(params.money ?? '');
    if (amountMinor === undefined) return undefined;
    return {
      eventId,
      orderId,
      paymentRef: tradeNo,
      type: 'paid',
      amountMinor,
      currency: settings.currency,
    };
  }

  /** The gateway resends until it reads `success`; anything else is `fail`. */
  answerWebhook(outcome: string): WebhookAnswer {
    const refused = outcome === 'invalid' || outcome === 'not_ready';
    return {
      status: refused ? 400 : 200,
      contentType: 'text/plain; charset=utf-8',
      body: refused ? 'fail' : 'success',
    };
  }

  refund(order: OrderRow): Promise<{ refundRef: string }> {
    // No refund call in the protocol: the operator returns the money in the gateway's panel.
    return Promise.resolve({ refundRef: `manual:${order.payment_ref ?? order.public_id}` });
  }
}
