import {
  KOL_FIRST_PURCHASE_RATE_MAX_PERCENT,
  KOL_RENEWAL_RATE_PERCENT,
} from '@nimbus/domain/constants';
import { formatPercent } from '@nimbus/i18n';
import { expect, newLanguageContext, openApp, test } from '@nimbus/e2e-kit';

// The KOL dashboard shows the renewal rate the server's summary reports (the same domain
// constant the ledger pays by); /affiliate must promise no other.
for (const [language, renewal, first] of [
  ['en', 'on renewals', 'commission on new signups'],
  ['zh-CN', '续费', '首单'],
] as const) {
  test(`/affiliate states the rates the ledger pays, ${language}`, async ({ browser, server }) => {
    const context = await newLanguageContext(browser, server.url, { language });
    const page = await context.newPage();
    await openApp(page, '/affiliate');
    const renewalRate = formatPercent(KOL_RENEWAL_RATE_PERCENT, language);
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(renewal) })).toContainText(
      renewalRate,
    );
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(first) })).toContainText(
      formatPercent(KOL_FIRST_PURCHASE_RATE_MAX_PERCENT, language),
    );
    await context.close();
  });
}
