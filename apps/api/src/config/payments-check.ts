import type { Config } from './env.ts';

/**
 * What `pnpm ops check` says about payments: which provider takes each method, and every setting
 * that loads but will not do what an operator expects (settings that cannot work at all are
 * refused by loadConfig already). `planCurrencies` are the currencies of the active plans.
 */
export function describePayments(config: Config, planCurrencies: readonly string[] | undefined) {
  const { payments, mode } = config;
  const production = mode === 'production';
  const warnings: string[] = [];
  const { stripe, epay } = payments;
  if (stripe?.testMode && production)
    warnings.push('STRIPE_SECRET_KEY is a test key in production: no money moves');
  if (stripe?.apiBase && production)
    warnings.push('STRIPE_API_BASE is set in production: Stripe requests do not go to Stripe');
  if ((stripe || epay) && production && !config.publicUrl.startsWith('https://'))
    warnings.push(
      'PUBLIC_URL is not https: buyers return there and providers send their webhooks there',
    );
  if (payments.sandbox && production)
    warnings.push(
      'PAYMENT_SANDBOX is on in production (acknowledged by PAYMENT_SANDBOX_IN_PRODUCTION): anyone can take membership through the sandbox checkout without paying',
    );
  if (payments.methods.length === 0 && payments.crypto.networks.length === 0)
    warnings.push('no payment method is configured: nobody can buy a plan');
  if (epay && planCurrencies !== undefined && !planCurrencies.includes(epay.currency))
    warnings.push(
      `EPay charges ${epay.currency} but no active plan is priced in it: EPay is not offered`,
    );
  if (stripe && planCurrencies !== undefined && planCurrencies.length === 0)
    warnings.push('no active plan: nothing can be bought');
  return {
    methods: {
      ...payments.methodProviders,
      ...(payments.crypto.networks.length > 0 ? { crypto: 'on-chain' } : {}),
    },
    stripe: stripe
      ? `${stripe.testMode ? 'test' : 'live'} key, ${stripe.methods.join(', ')}${stripe.apiBase ? `, API at ${stripe.apiBase.protocol}://${stripe.apiBase.host}:${stripe.apiBase.port}` : ''}`
      : 'not configured',
    epay: epay
      ? `${new URL(epay.gatewayUrl).host}, merchant ${epay.merchantId}, ${epay.currency}, ${epay.methods.join(', ')}`
      : 'not configured',
    sandbox: payments.sandbox ? 'on (no money moves)' : 'off',
    webhooks: {
      ...(stripe ? { stripe: `${config.publicUrl}/v4/payment/webhook/stripe` } : {}),
      ...(epay ? { epay: `${config.publicUrl}/v4/payment/webhook/epay` } : {}),
    },
    warnings,
  };
}
