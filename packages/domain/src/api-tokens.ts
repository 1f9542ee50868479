import type { OperatorPermission } from './operators.ts';

/**
 * Scoped API tokens: what an admin may let a program do through the console's own calls (a
 * reseller's shop creating members and granting time, accounting reading orders). A token's
 * scopes are console permissions; the ones that change operators, settings, webhooks or tokens
 * themselves are never granted to a program.
 */
export const API_TOKEN_SCOPES = [
  'overview.read',
  'users.read',
  'users.manage',
  'orders.read',
  'orders.manage',
  'codes.manage',
  'kol.manage',
  'tickets.manage',
  'audit.read',
] as const satisfies readonly OperatorPermission[];
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every token starts so: a program's token is told from an operator session at a glance. */
export const API_TOKEN_PREFIX = 'nmb_';
export const API_TOKEN_NAME_MAX = 64;
/** The longest life a token may be given (days); without expiry it lives until revoked. */
export const API_TOKEN_DAYS_MAX = 3650;
/** Calls a token may make per minute. */
export const API_TOKEN_CALLS_PER_MINUTE = 600;

export const isApiTokenScope = (value: unknown): value is ApiTokenScope =>
  typeof value === 'string' && (API_TOKEN_SCOPES as readonly string[]).includes(value);

/** Whether a token with these scopes may make a call that needs `permission`. */
export function apiTokenAllows(scopes: readonly string[], permission: OperatorPermission): boolean {
  return isApiTokenScope(permission) && scopes.includes(permission);
}
