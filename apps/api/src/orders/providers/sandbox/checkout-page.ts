import type { Language } from '@nimbus/domain';
import {
  formatMoney,
  translate,
  type TranslationKey,
  type TranslateValues,
} from '@nimbus/i18n/server';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export interface CheckoutView {
  orderId: string;
  productName: string;
  amountMinor: number;
  currency: string;
  state: 'payable' | 'paid' | 'closed' | 'missing';
  /** Where the buyer goes back to (the purchase result page). */
  returnUrl: string;
  /** The order's checkout key, which the forms post back (see SandboxProvider). */
  key: string;
}

// Inline styles only (the CSP allows them); no scripts at all, so the page works under
// script-src 'self' with nothing to load: two plain forms post back to this server.
const STYLE = `body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f4f6fb;color:#1b2233;margin:0;padding:24px}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:28px}
h1{font-size:22px;margin:0 0 8px}.notice{background:#fff7e0;border:1px solid #f1d48a;border-radius:8px;padding:10px 12px;font-size:14px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:20px 0}dt{color:#5b6478}dd{margin:0;text-align:right;font-weight:600}
form{margin:12px 0 0}button{width:100%;font-size:16px;padding:12px;border-radius:8px;cursor:pointer;border:1px solid #2f5cff}
.pay{background:#2f5cff;color:#fff}.fail{background:#fff;color:#b3261e;border-color:#b3261e}a{color:#2f5cff}`;

/** The sandbox's hosted checkout page, in the buyer's language. */
export function renderCheckoutPage(view: CheckoutView, language: Language): string {
  const t = (key: TranslationKey, values?: TranslateValues) =>
    escapeHtml(translate(language, key, values));
  const amount = formatMoney(view.amountMinor, view.currency, language);
  const action = `/pay/sandbox/${encodeURIComponent(view.orderId)}?key=${encodeURIComponent(view.key)}`;
  const back = `${escapeHtml(view.returnUrl)}${view.returnUrl.includes('?') ? '&amp;' : '?'}orderId=${encodeURIComponent(view.orderId)}`;
  let body: string;
  if (view.state === 'missing') {
    body = `<p role="alert">${t('errors:order_not_found')}</p>`;
  } else {
    const summary = `<dl>
<dt>${t('pricing:summary_plan')}</dt><dd>${escapeHtml(view.productName)}</dd>
<dt>${t('pricing:summary_total')}</dt><dd data-testid="amount">${escapeHtml(amount)}</dd>
</dl>`;
    if (view.state === 'payable') {
      body = `${summary}
<form method="post" action="${action}"><input type="hidden" name="outcome" value="pay"><button class="pay" type="submit">${t('pricing:pay_amount', { amount })}</button></form>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="fail"><button class="fail" type="submit">${t('pricing:sandbox_fail')}</button></form>`;
    } else {
      const message =
        view.state === 'paid' ? t('pricing:sandbox_paid') : t('errors:order_not_payable');
      body = `${summary}<p role="status">${message}</p><p><a href="${back}">${t('pricing:sandbox_back')}</a></p>`;
    }
  }
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${t('pricing:sandbox_page_title')}</title><style>${STYLE}</style></head>
<body><main>
<h1>${t('pricing:sandbox_heading')}</h1>
<p class="notice">${t('pricing:pay_sandbox_notice')}</p>
<p>${t('pricing:sandbox_order', { orderId: view.orderId })}</p>
${body}
</main></body>
</html>`;
}
