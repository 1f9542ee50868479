import { benefits } from './benefits.ts';
import { config } from './config.ts';
import { device } from './device.ts';
import { groupBuy } from './group-buy.ts';
import { kol } from './kol.ts';
import { mail } from './mail.ts';
import { nodes } from './nodes.ts';
import { payment } from './payment.ts';
import { referral } from './referral.ts';
import { sessions } from './sessions.ts';
import { telegram } from './telegram.ts';
import { thirdParty } from './third-party.ts';
import { tickets } from './tickets.ts';
import { user } from './user.ts';

/**
 * Per endpoint: `request`, the payload before signing, and `response`, the envelope's `data`.
 * Same keys as `endpoints` (checked by a test and a type test).
 */
export const schemas = {
  ...user,
  ...sessions,
  ...mail,
  ...telegram,
  ...device,
  ...payment,
  ...groupBuy,
  ...referral,
  ...kol,
  ...benefits,
  ...thirdParty,
  ...nodes,
  ...config,
  ...tickets,
} as const;

export type Schemas = typeof schemas;

export * from './benefits.ts';
export * from './common.ts';
export * from './config.ts';
export * from './device.ts';
export * from './envelope.ts';
export * from './group-buy.ts';
export * from './kol.ts';
export * from './mail.ts';
export * from './nodes.ts';
export * from './payment.ts';
export * from './referral.ts';
export * from './sessions.ts';
export * from './telegram.ts';
export * from './third-party.ts';
export * from './tickets.ts';
export * from './user.ts';
