import { Secret, TOTP } from 'otpauth';

/** What authenticator apps show as the account's issuer. */
export const TOTP_ISSUER = 'Nimbus console';
const PERIOD_SECONDS = 30;

const totpOf = (secret: string, label = 'operator') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });

/** A new random secret (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, username: string): string {
  return totpOf(secret, username).toString();
}

/**
 * The time step a six-digit code is valid for at `now` (one step of clock drift either way), or
 * null when it is not valid. The caller accepts a step once (replay).
 */
export function totpStep(secret: string, code: string, now: number): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** The code of a secret at a time (tests, and the end-to-end test's authenticator). */
export function totpCode(secret: string, now: number): string {
  return totpOf(secret).generate({ timestamp: now });
}
