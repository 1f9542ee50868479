import { raiseAlert, resolveAlert, type AlertServices } from './raise.ts';
import { alertError } from './texts.ts';

const paymentKey = (provider: string) => `payment_failing:${provider}`;

/**
 * A provider failed to open a checkout (or, with `orderId`, to refund that order): the operators
 * are told once, until a checkout with it opens again. Called outside the order's transaction
 * (the failure rolls that back); a failure here is the caller's to log, never the buyer's.
 */
export async function paymentProviderFailed(
  services: AlertServices,
  failure: { provider: string; error: unknown; orderId?: string; now: number },
): Promise<boolean> {
  const { provider, orderId } = failure;
  const error = alertError(failure.error);
  return raiseAlert(services, services.db, {
    key: paymentKey(provider),
    kind: 'payment_failing',
    now: failure.now,
    text: (t) =>
      t.paymentFailing({
        provider,
        error,
        what: orderId === undefined ? t.checkoutFailed : t.refundFailed({ orderId }),
      }),
  });
}

/** A checkout with the provider opened: an open alert about it is resolved (and said so). */
export async function paymentProviderWorks(
  services: AlertServices,
  provider: string,
  now: number,
): Promise<boolean> {
  return resolveAlert(services, services.db, {
    key: paymentKey(provider),
    kind: 'payment_failing',
    now,
    text: (t) => t.paymentBack({ provider }),
  });
}
