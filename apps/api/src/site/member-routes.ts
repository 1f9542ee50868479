import type { RequestOf, ResponseOf } from '@nimbus/api-sdk/contract';
import { FREE_TRIAL_MINUTES, noticeInForce } from '@nimbus/domain';
import type { CallContext } from '../http/handler.ts';
import { methodsFor, type OrderServices } from '../orders/index.ts';

// POST /api/system/system_client_config
/**
 * system_client_config (signed): downloads, support, the group-buy switch and window, the
 * payment methods offered (card/wallet methods whose configured provider charges an active plan's
 * currency, and which of them move no money; crypto once networks are configured and its switch
 * is on), crypto networks and tokens, and the header links: the run-time settings in force
 * (src/settings/), the environment's values by default.
 */
export async function clientConfig(
  _input: RequestOf<'systemClientConfig'>,
  ctx: CallContext<OrderServices>,
): Promise<ResponseOf<'systemClientConfig'>> {
  const { payments } = ctx.services.config;
  const site = await ctx.services.settings.site();
  const crypto = site.features.cryptoPay ? ctx.services.orders.crypto : undefined;
  const currencies = [
    ...new Set((await ctx.services.plans.active(ctx.now)).map((p) => p.currency)),
  ];
  const methods = methodsFor(ctx.services, currencies);
  return {
    downloads: site.downloads.map((d) => ({ ...d })),
    support: { email: site.supportEmail, telegram: site.supportTelegram },
    groupBuy: { enabled: site.features.groupBuy, ...site.groupBuy },
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
    trial: { minutes: FREE_TRIAL_MINUTES, invitedMinutes: site.invitedTrialMinutes },
  };
}

// POST /api/system/system_display_config
/**
 * system_display_config (signed): the notices in force, the feature switches (crypto pay only
 * where crypto is configured) and the highlighted plan (the recommended one unless set).
 */
export async function displayConfig(
  _input: RequestOf<'systemDisplayConfig'>,
  ctx: CallContext<OrderServices>,
): Promise<ResponseOf<'systemDisplayConfig'>> {
  const { now } = ctx;
  const site = await ctx.services.settings.site();
  const plans = await ctx.services.plans.active(now);
  const highlight =
    (site.highlightProductId !== null && plans.some((p) => p.id === site.highlightProductId)
      ? site.highlightProductId
      : undefined) ??
    plans.find((p) => p.recommended === 1)?.id ??
    null;
  return {
    notices: site.notices
      .filter((n) => noticeInForce(n, now))
      .map((n) => ({ ...n, text: { ...n.text } })),
    features: {
      ...site.features,
      cryptoPay: site.features.cryptoPay && ctx.services.orders.crypto !== undefined,
    },
    highlightProductId: highlight === null ? null : String(highlight),
  };
}

// POST /api/system/system_public_keys
/**
 * system_public_keys: the signing keys per platform, so the apps need no rebuild when keys change.
 */
export async function publicKeys(
  _input: RequestOf<'systemPublicKeys'>,
  ctx: CallContext,
): Promise<ResponseOf<'systemPublicKeys'>> {
  return { keys: { ...ctx.services.keys.publicPems } };
}
