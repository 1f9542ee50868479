import type { CatalogServices } from '../plans/index.ts';
import type { Config } from '../config/env.ts';
import type { ServerSecret } from '../keys/server-secret.ts';
import type { OrderHooks } from './order-hooks.ts';
import { CryptoGateway } from './providers/crypto/crypto-gateway.ts';
import { EpayProvider } from './providers/epay/epay-provider.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { SandboxProvider } from './providers/sandbox/sandbox-provider.ts';
import { StripeProvider } from './providers/stripe/stripe-provider.ts';

/** The order machinery of one server: what runs when an order changes, and who takes payments. */
export interface Orders {
  /** The fulfilment of each order kind and the hooks of paid and refunded orders, in order. */
  hooks: OrderHooks;
  /** Card and wallet providers by name (orders.provider). */
  providers: Map<string, PaymentProvider>;
  sandbox: SandboxProvider;
  /** Present when crypto networks and a recipient are configured. */
  crypto: CryptoGateway | undefined;
}

/** What order code needs: the platform, the plan catalogue and the order machinery. */
export interface OrderServices extends CatalogServices {
  orders: Orders;
}

/** The providers configured for this server, with the order hooks composed by services.ts. */
export function createOrders(config: Config, secret: ServerSecret, hooks: OrderHooks): Orders {
  const sandbox = new SandboxProvider(
    secret.derive('webhook:sandbox'),
    config.publicUrl,
    secret.derive('sandbox-checkout'),
  );
  const { networks, recipient } = config.payments.crypto;
  const { stripe, epay, checkoutReturnUrl } = config.payments;
  const absolute = (url: string) => (url.startsWith('/') ? `${config.publicUrl}${url}` : url);
  const providers = new Map<string, PaymentProvider>(
    config.payments.sandbox ? [[sandbox.name, sandbox]] : [],
  );
  if (stripe)
    providers.set(
      'stripe',
      new StripeProvider({
        settings: stripe,
        successUrl: absolute(checkoutReturnUrl),
        cancelUrl: absolute('/pricing'),
      }),
    );
  if (epay)
    providers.set(
      'epay',
      new EpayProvider({
        settings: epay,
        notifyUrl: `${config.publicUrl}/v4/payment/webhook/epay`,
        returnUrl: absolute(checkoutReturnUrl),
      }),
    );
  return {
    hooks,
    providers,
    sandbox,
    crypto:
      recipient !== undefined && networks.length > 0
        ? new CryptoGateway(networks, recipient)
        : undefined,
  };
}
