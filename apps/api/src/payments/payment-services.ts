import type { Config } from '../env.ts';
import type { ServerSecret } from '../keys/server-secret.ts';
import { planFulfilment } from '../membership/credit.ts';
import { OrderHooks } from '../membership/order-hooks.ts';
import { referralBonusHook, referralReversalHook } from '../membership/referral.ts';
import type { Db } from '../db/database.ts';
import { PlanCatalogue } from '../catalog/plans.ts';
import { CryptoGateway } from '../crypto/crypto-gateway.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxProvider } from './sandbox/sandbox-provider.ts';

export interface PaymentServices {
  plans: PlanCatalogue;
  /** Order-paid / order-refunded hooks and the fulfilment of each order kind. */
  hooks: OrderHooks;
  /** Card and wallet providers by name (orders.provider). */
  providers: Map<string, PaymentProvider>;
  sandbox: SandboxProvider;
  /** Present when crypto networks and a recipient are configured. */
  crypto: CryptoGateway | undefined;
}

export function createPaymentServices(
  config: Config,
  secret: ServerSecret,
  db: Db,
): PaymentServices {
  const hooks = new OrderHooks();
  hooks.registerKind('plan', planFulfilment(config.payments.upgradeConversionPercent));
  hooks.onPaid('referral-bonus', referralBonusHook(config.payments.referralBonusPercent));
  hooks.onRefunded('referral-bonus-reversal', referralReversalHook);
  const sandbox = new SandboxProvider(secret.derive('webhook:sandbox'), config.publicUrl);
  const { networks, recipient } = config.payments.crypto;
  return {
    plans: new PlanCatalogue(db),
    hooks,
    providers: new Map<string, PaymentProvider>(
      config.payments.sandbox ? [[sandbox.name, sandbox]] : [],
    ),
    sandbox,
    crypto:
      recipient !== undefined && networks.length > 0
        ? new CryptoGateway(networks, recipient)
        : undefined,
  };
}
