import { MS_PER_HOUR, MS_PER_MINUTE } from './duration.ts';

/**
 * Operators of the console (`/admin`) are not members: their own accounts, two-factor sign-in
 * and short sessions. A role is a set of permissions; the server checks the permission of every
 * console call and the console shows only what the role may do, with this one table.
 */
export const OPERATOR_ROLES = ['support', 'finance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_PERMISSIONS = [
  /** The overview's figures. */
  'overview.read',
  /** Find users and read a user's detail (membership, devices, sessions, orders, audit trail). */
  'users.read',
  /** Suspend, reinstate, end sessions, unbind devices, grant or deduct time, change contacts. */
  'users.manage',
  'orders.read',
  /** Mark paid, cancel, refund. */
  'orders.manage',
  /** KOL accounts, commission adjustments, payouts. */
  'kol.manage',
  /** Promo and redeem codes. */
  'codes.manage',
  /** Site notices. */
  'notices.manage',
  /** Run-time settings, feature switches, nodes, plans, benefits (product set-up). */
  'settings.manage',
  'operators.manage',
  'audit.read',
  /** The support queue: read tickets, answer, assign, close. */
  'tickets.manage',
  /** Outbound webhooks: endpoints, secrets, the delivery log and replay (admin only). */
  'webhooks.manage',
] as const;
export type OperatorPermission = (typeof OPERATOR_PERMISSIONS)[number];

const GRANTS: Record<OperatorRole, readonly OperatorPermission[]> = {
  support: [
    'overview.read',
    'users.read',
    'users.manage',
    'orders.read',
    'notices.manage',
    'tickets.manage',
  ],
  finance: [
    'overview.read',
    'users.read',
    'orders.read',
    'orders.manage',
    'kol.manage',
    'codes.manage',
    'tickets.manage',
  ],
  admin: OPERATOR_PERMISSIONS,
};

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** Whether an operator of this role may do what the permission names. */
export function roleAllows(role: OperatorRole, permission: OperatorPermission): boolean {
  return GRANTS[role].includes(permission);
}

/** The roles that hold a permission (the authorization matrix's expectations). */
export function rolesWith(permission: OperatorPermission): OperatorRole[] {
  return OPERATOR_ROLES.filter((role) => roleAllows(role, permission));
}

/**
 * An operator session ends after this long without a call, and at the latest after
 * OPERATOR_SESSION_MAX_MS from sign-in, whatever the activity.
 */
export const OPERATOR_SESSION_IDLE_MS = 30 * MS_PER_MINUTE;
export const OPERATOR_SESSION_MAX_MS = 12 * MS_PER_HOUR;

/** When a session used now expires: idle time from now, never past the absolute limit. */
export function operatorSessionExpiry(createdAt: number, now: number): number {
  return Math.min(now + OPERATOR_SESSION_IDLE_MS, createdAt + OPERATOR_SESSION_MAX_MS);
}

/**
 * A session's stored expiry moves at most once a minute, so a busy operator's calls do not each
 * write their session row (a console page makes several calls; on PostgreSQL every write is a
 * commit flushed to disk): the session then ends 29 to 30 minutes after its last call.
 */
export const OPERATOR_SESSION_EXTEND_STEP_MS = MS_PER_MINUTE;

/**
 * The expiry to store for a session used now, or undefined when the stored one stands: moved when
 * it gains at least OPERATOR_SESSION_EXTEND_STEP_MS, or reaches the absolute limit.
 */
export function extendedOperatorSessionExpiry(
  createdAt: number,
  storedExpiresAt: number,
  now: number,
): number | undefined {
  const expiry = operatorSessionExpiry(createdAt, now);
  if (expiry <= storedExpiresAt) return undefined;
  const atLimit = expiry === createdAt + OPERATOR_SESSION_MAX_MS;
  return atLimit || expiry - storedExpiresAt >= OPERATOR_SESSION_EXTEND_STEP_MS
    ? expiry
    : undefined;
}

/** Operator names: 3-32 lower-case letters, digits, dots, dashes or underscores. */
const OPERATOR_NAME = /^[a-z][a-z0-9._-]{2,31}$/;

export function operatorNameKey(name: string): string {
  return name.trim().toLowerCase();
}

export function isOperatorName(name: string): boolean {
  return OPERATOR_NAME.test(operatorNameKey(name));
}

/** Recovery codes handed out at enrolment; each signs in once in place of a TOTP code. */
export const RECOVERY_CODE_COUNT = 10;

/** A recovery code as typed (case, spaces and dashes do not matter): 10 characters a-z, 2-9. */
export function normaliseRecoveryCode(input: string): string {
  return input.replace(/[\s-]/g, '').toLowerCase();
}

/** A six-digit authenticator code (spaces allowed as typed from an app). */
export function normaliseTotpCode(input: string): string | null {
  const digits = input.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** The reason a suspended member sees: 1-500 characters after trimming. */
export const SUSPENSION_REASON_MAX = 500;

export function validateReason(input: string): string | null {
  const reason = input.trim();
  return reason.length > 0 && reason.length <= SUSPENSION_REASON_MAX ? reason : null;
}
