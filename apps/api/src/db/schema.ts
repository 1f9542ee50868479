import type { Generated } from 'kysely';

/**
 * The tables of the server as Kysely sees them. Timestamps are UTC milliseconds (bigint columns,
 * read as numbers on both dialects); flags are 0/1 integers so one query works on SQLite and
 * PostgreSQL alike.
 */

export interface UsersTable {
  id: Generated<number>;
  /** Lower-cased for uniqueness; the spelling the user chose is `username_display`. */
  username: string | null;
  username_display: string | null;
  /** Lower-cased address. */
  email: string | null;
  /** E.164. */
  phone: string | null;
  password_hash: string;
  /** The user's language in the header form ('en' | 'zh_CN'), used for e-mails. */
  language: string;
  invite_code: string;
  inviter_id: number | null;
  /** Standard and Lite time run separately (domain Membership); null when never had. */
  standard_expires_at: number | null;
  lite_expires_at: number | null;
  /** Devices the user's plan allows (set by purchases and trials). */
  devices_allowed: Generated<number>;
  /** The free trial of the trial button was used by this account (0/1). */
  trial_used: Generated<number>;
  /** Columns the user-info call reports, written by the payment and benefits parts. */
  yearly_paid_user: Generated<number>;
  benefits_expires_at: number | null;
  is_kol: Generated<number>;
  third_party_enabled: Generated<number>;
  created_at: number;
  updated_at: number;
  /** Set when the account was deleted: personal data is erased, the row stays for accounting. */
  deleted_at: number | null;
}

export interface UserAttributionTable {
  user_id: number;
  gclid: string | null;
  wbraid: string | null;
  gbraid: string | null;
  twclid: string | null;
  bd_vid: string | null;
  fbclid: string | null;
  msclkid: string | null;
  /** The referral/source parameter. */
  ref: string | null;
  /** `${ref}:${action}`. */
  ref_action: string | null;
  captured_at: number;
}

export interface SessionsTable {
  /** sha256 (hex) of the opaque token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  /** The verified deviceId header of the request that created the session, if any. */
  device_id: string | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** Trials already given to a device id (once per device, domain trial rules). */
export interface DeviceTrialsTable {
  device_id: string;
  /** 'free' (trial button) or 'invited' (registration with an invite code). */
  kind: string;
  user_id: number | null;
  used_at: number;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  /** Normalised e-mail address or E.164 phone number. */
  target: string;
  channel: string;
  purpose: string;
  /** HMAC of the code with a server secret. */
  code_hash: string;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface RateCountersTable {
  key: string;
  window_start: number;
  count: number;
  expires_at: number;
}

export interface SignatureNoncesTable {
  nonce: string;
  timestamp: number;
  expires_at: number;
}

export interface DevicesTable {
  id: Generated<number>;
  user_id: number;
  /** The identifier the native app sends for itself. */
  device_key: string;
  platform: number;
  kind: number;
  system: string;
  version: string;
  name: string;
  created_at: number;
  last_seen_at: number;
}

export interface Database {
  users: UsersTable;
  user_attribution: UserAttributionTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  rate_counters: RateCountersTable;
  signature_nonces: SignatureNoncesTable;
  devices: DevicesTable;
  device_trials: DeviceTrialsTable;
}
