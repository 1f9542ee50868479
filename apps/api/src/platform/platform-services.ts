import { SIGNATURE_WINDOW_MS } from '@nimbus/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import type { DatabaseHandle, Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import { CodeDelivery } from '../delivery/code-delivery.ts';
import type { DevOutbox } from '../delivery/outbox.ts';
import type { PlatformKeys } from '../keys/platform-keys.ts';
import type { ServerSecret } from '../keys/server-secret.ts';
import { DeviceIds } from '../security/device-id.ts';
import { DEFAULT_LIMITS, type Limits } from '../security/limits.ts';
import { NonceStore } from '../security/nonce-store.ts';
import { RateCounters } from '../security/rate-counter.ts';
import { RsaDecryptor } from '../security/rsa-decryptor.ts';
import { Sessions } from '../security/sessions.ts';
import { VerificationCodes } from '../security/verification-codes.ts';
import { Settings } from '../settings/index.ts';
import { processOutbox } from './cluster-outbox.ts';

/**
 * What every part of the server stands on, built once per process: the configuration, the
 * database, the keys and secret, and the security machinery (sessions, device ids, nonces, rate
 * counters, verification codes and their delivery). Modules that need more say so in their own
 * services type (plans/catalog-services.ts, orders/order-services.ts), which extends this one;
 * services.ts builds the whole.
 */
export interface PlatformServices {
  config: Config;
  db: Db;
  dialect: DialectName;
  keys: PlatformKeys;
  secret: ServerSecret;
  deviceIds: DeviceIds;
  nonces: NonceStore;
  /** Opens signed calls' RSA blocks on worker threads (close it with the app). */
  decryptor: RsaDecryptor;
  sessions: Sessions;
  codes: VerificationCodes;
  counters: RateCounters;
  outbox: DevOutbox;
  delivery: CodeDelivery;
  limits: Limits;
  /** The run-time settings (switches, notices, downloads...): read them before a transaction. */
  settings: Settings;
}

/** How long a process trusts the settings it read before it checks the version again. */
export const SETTINGS_CACHE_MS = 2_000;

export interface PlatformInput {
  config: Config;
  database: DatabaseHandle;
  keys: PlatformKeys;
  secret: ServerSecret;
  limits?: Partial<Limits> | undefined;
  /** SETTINGS_CACHE_MS by default; 0 checks the version on every read (tests). */
  settingsCacheMs?: number | undefined;
  log: FastifyBaseLogger;
}

export function createPlatformServices(input: PlatformInput): PlatformServices {
  const { config, database, keys, secret } = input;
  const db = database.db;
  const outbox = processOutbox();
  return {
    config,
    db,
    dialect: database.dialect,
    keys,
    secret,
    deviceIds: new DeviceIds(secret.derive('device-id')),
    nonces: new NonceStore(db, SIGNATURE_WINDOW_MS),
    decryptor: new RsaDecryptor(config.decryptThreads, keys.privateKeys),
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
      publicUrl: config.publicUrl,
    }),
    limits: { ...DEFAULT_LIMITS, ...input.limits },
    settings: new Settings(db, config, {
      cacheMs: input.settingsCacheMs ?? SETTINGS_CACHE_MS,
      log: input.log,
    }),
  };
}
