import { MS_PER_HOUR, MS_PER_MINUTE } from '@nimbus/domain';

/**
 * Abuse limits of the server (security policy, not product rules). Each is `max` events per
 * `windowMs`, counted in the database per key. Tests pass their own to exercise the limits
 * without sending hundreds of requests.
 */
export interface Limits {
  /** Failed logins per account name; past it the account is locked until the window ends. */
  loginFailuresPerAccount: { max: number; windowMs: number };
  /** Failed logins per client IP. */
  loginFailuresPerIp: { max: number; windowMs: number };
  /** Verification codes sent to one address or number. */
  codesPerTarget: { max: number; windowMs: number };
  /** Verification codes requested from one client IP. */
  codesPerIp: { max: number; windowMs: number };
  /** Trial accounts created from one client IP. */
  trialAccountsPerIp: { max: number; windowMs: number };
  /** Registrations from one client IP. */
  registrationsPerIp: { max: number; windowMs: number };
}

export const DEFAULT_LIMITS: Limits = {
  loginFailuresPerAccount: { max: 10, windowMs: 15 * MS_PER_MINUTE },
  loginFailuresPerIp: { max: 100, windowMs: 15 * MS_PER_MINUTE },
  codesPerTarget: { max: 5, windowMs: MS_PER_HOUR },
  codesPerIp: { max: 30, windowMs: MS_PER_HOUR },
  trialAccountsPerIp: { max: 5, windowMs: 24 * MS_PER_HOUR },
  registrationsPerIp: { max: 30, windowMs: MS_PER_HOUR },
};
