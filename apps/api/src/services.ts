import type { FastifyBaseLogger } from 'fastify';
import { VerificationCodes } from './accounts/verification-codes.ts';
import type { DatabaseHandle, Db } from './db/database.ts';
import type { DialectName } from './db/dialect.ts';
import { CodeDelivery } from './delivery/code-delivery.ts';
import { DevOutbox } from './delivery/outbox.ts';
import type { Config } from './env.ts';
import type { PlatformKeys } from './keys/platform-keys.ts';
import type { ServerSecret } from './keys/server-secret.ts';
import { DeviceIds } from './security/device-id.ts';
import { DEFAULT_LIMITS, type Limits } from './security/limits.ts';
import { NonceStore } from './security/nonce-store.ts';
import { RateCounters } from './security/rate-counter.ts';
import { Sessions } from './security/sessions.ts';
import { SIGNATURE_WINDOW_MS } from '@nimbus/domain';
import { runPaymentJobs } from './payments/jobs.ts';
import { createPaymentServices, type PaymentServices } from './payments/payment-services.ts';
import { registerGroupBuyOrders } from './group-buy/group-fulfilment.ts';
import { registerKolHooks } from './kol/commission-hooks.ts';
import { pruneRevokedTokens } from './third-party/subscription-tokens.ts';

/** Everything a handler may use, built once per server. */
export interface Services {
  config: Config;
  db: Db;
  dialect: DialectName;
  keys: PlatformKeys;
  secret: ServerSecret;
  deviceIds: DeviceIds;
  nonces: NonceStore;
  sessions: Sessions;
  codes: VerificationCodes;
  counters: RateCounters;
  outbox: DevOutbox;
  delivery: CodeDelivery;
  limits: Limits;
  /** Plans, providers, order hooks and crypto networks (part 2). */
  payments: PaymentServices;
}

export function createServices(input: {
  config: Config;
  database: DatabaseHandle;
  keys: PlatformKeys;
  secret: ServerSecret;
  limits?: Partial<Limits> | undefined;
  log: FastifyBaseLogger;
}): Services {
  const { config, database, keys, secret } = input;
  const db = database.db;
  const outbox = new DevOutbox();
  return {
    config,
    db,
    dialect: database.dialect,
    keys,
    secret,
    deviceIds: new DeviceIds(secret.derive('device-id')),
    nonces: new NonceStore(db, SIGNATURE_WINDOW_MS),
    sessions: new Sessions(db),
    codes: new VerificationCodes(db, secret.derive('verification-code')),
    counters: new RateCounters(db),
    outbox,
    delivery: new CodeDelivery({
      production: config.mode === 'production',
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      smsWebhookUrl: config.smsWebhookUrl,
      smsWebhookToken: config.smsWebhookToken,
      outbox,
      log: input.log,
    }),
    limits: { ...DEFAULT_LIMITS, ...input.limits },
    payments: withPart3Hooks(createPaymentServices(config, secret, db), config),
  };
}

/** Group-buy order kinds and the KOL commission with its clawback join the order hooks. */
function withPart3Hooks(payments: PaymentServices, config: Config): PaymentServices {
  registerGroupBuyOrders(payments.hooks);
  registerKolHooks(payments.hooks, config.kol);
  return payments;
}

/**
 * Deletes rows that can no longer matter (expired nonces, counters, codes, sessions), confirms
 * crypto payments and closes orders past their time.
 */
export async function pruneExpired(services: Services, now: number): Promise<void> {
  await services.nonces.prune(now);
  await services.counters.prune(now);
  await services.codes.prune(now);
  await services.sessions.prune(now);
  await pruneRevokedTokens(services.db, now);
  await runPaymentJobs(services, now);
}
