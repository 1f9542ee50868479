import { MS_PER_HOUR, MS_PER_MINUTE } from '@nimbus/domain';

/**
 * Abuse limits of the server (security policy, not product rules). Each is `max` events per
 * `windowMs`, counted in the database per key. Tests pass their own to exercise the limits
 * without sending hundreds of requests.
 */
export interface Limits {
  /**
   * Failed password logins per account name from one client IP; past it that IP is refused for
   * that name until the window's failures fall below it (other addresses are not: a lock on the
   * name alone let anyone keep its owner out).
   */
  loginFailuresPerAccountAndIp: { max: number; windowMs: number };
  /** Failed password logins per client IP, across names. */
  loginFailuresPerIp: { max: number; windowMs: number };
  /**
   * Wrong two-factor codes per operator, from any address, sent with the right password: past it
   * the operator's codes are refused everywhere until the window's failures fall below it (only
   * someone who knows the password can reach it; a guesser of codes must not get ten per address).
   */
  operatorCodeFailures: { max: number; windowMs: number };
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
  loginFailuresPerAccountAndIp: { max: 10, windowMs: 15 * MS_PER_MINUTE },
  loginFailuresPerIp: { max: 100, windowMs: 15 * MS_PER_MINUTE },
  operatorCodeFailures: { max: 10, windowMs: 15 * MS_PER_MINUTE },
  codesPerTarget: { max: 5, windowMs: MS_PER_HOUR },
  codesPerIp: { max: 30, windowMs: MS_PER_HOUR },
  trialAccountsPerIp: { max: 5, windowMs: 24 * MS_PER_HOUR },
  registrationsPerIp: { max: 30, windowMs: MS_PER_HOUR },
};
