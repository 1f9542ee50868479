import type { RequestOf, ResponseOf } from '@nimbus/api-sdk/contract';
import { FREE_TRIAL_MINUTES } from '@nimbus/domain';
import type { CallContext } from '../http/handler.ts';
import { methodsFor } from '../orders/checkout.ts';
import type { OrderServices } from '../orders/order-services.ts';

/**
 * system_client_config (signed): downloads, support, the group-buy switch, the payment methods
 * offered (card/wallet methods whose configured provider charges an active plan's currency, and
 * which of them move no money; crypto once networks are configured),
 * crypto networks and tokens, and the header links, all from configuration.
 */
export async function clientConfig(
  _input: RequestOf<'systemClientConfig'>,
  ctx: CallContext<OrderServices>,
): Promise<ResponseOf<'systemClientConfig'>> {
  const { config } = ctx.services;
  const { site, payments } = config;
  const crypto = ctx.services.orders.crypto;
  const currencies = [
    ...new Set((await ctx.services.plans.active(ctx.now)).map((p) => p.currency)),
  ];
  const methods = methodsFor(ctx.services, currencies);
  return {
    downloads: site.downloads.map((d) => ({ ...d })),
    support: { email: site.supportEmail, telegram: site.supportTelegram },
    groupBuy: { ...site.groupBuy },
    paymentMethods: [...methods, ...(crypto ? (['crypto'] as const) : [])],
    testModeMethods: methods.filter((m) => {
      const provider = payments.methodProviders[m];
      return (
        provider === 'sandbox' || (provider === 'stripe' && payments.stripe?.testMode === true)
      );
    }),
    crypto: {
      networks: (crypto ? payments.crypto.networks : []).map((n) => ({
        chainId: n.chainId,
        name: n.name,
        explorerTxUrl: n.explorerUrl ?? null,
        tokens: n.tokens.map((t) => ({
          symbol: t.symbol,
          address: t.address,
          decimals: t.decimals,
        })),
      })),
    },
    links: { ...site.links, githubMirrors: site.links.githubMirrors.map((m) => ({ ...m })) },
    trial: { minutes: FREE_TRIAL_MINUTES, invitedMinutes: config.invitedTrialMinutes },
  };
}

/** system_display_config (signed): notices in force, feature switches and the highlighted plan. */
export async function displayConfig(
  _input: RequestOf<'systemDisplayConfig'>,
  ctx: CallContext<OrderServices>,
): Promise<ResponseOf<'systemDisplayConfig'>> {
  const { site } = ctx.services.config;
  const { now } = ctx;
  const plans = await ctx.services.plans.active(now);
  const highlight = site.highlightProductId ?? plans.find((p) => p.recommended === 1)?.id ?? null;
  return {
    notices: site.notices
      .filter(
        (n) => (n.startsAt === null || n.startsAt <= now) && (n.endsAt === null || now < n.endsAt),
      )
      .map((n) => ({ ...n, text: { ...n.text } })),
    features: {
      ...site.features,
      groupBuy: site.groupBuy.enabled,
      cryptoPay: ctx.services.orders.crypto !== undefined,
    },
    highlightProductId: highlight === null ? null : String(highlight),
  };
}
