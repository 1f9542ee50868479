import { API_TOKEN_DAYS_MAX, API_TOKEN_NAME_MAX, API_TOKEN_SCOPES } from '@nimbus/domain';
import { Type, type Static } from 'typebox';
import { Id, NullableTimestamp, NumericId, Timestamp } from '../schemas/common.ts';

/**
 * Scoped API tokens (admin, `operators.manage`): a program (a reseller's shop, accounting) calls
 * the console's own calls with `Authorization: Bearer nmb_...`, limited to the token's scopes
 * (domain API_TOKEN_SCOPES). The secret is shown once, when made.
 */
const strict = { additionalProperties: false } as const;
const Scope = Type.Enum([...API_TOKEN_SCOPES]);

export const AdminApiTokenRow = Type.Object({
  tokenId: Id,
  name: Type.String(),
  scopes: Type.Array(Scope),
  /** The operator who made it (username then). */
  createdBy: Type.String(),
  createdAt: Timestamp,
  /** Null: until revoked. */
  expiresAt: NullableTimestamp,
  lastUsedAt: NullableTimestamp,
  revokedAt: NullableTimestamp,
});
export type AdminApiTokenRow = Static<typeof AdminApiTokenRow>;

export const adminApiTokenSchemas = {
  adminApiTokenList: {
    request: Type.Object({}, strict),
    response: Type.Object({ items: Type.Array(AdminApiTokenRow) }),
  },
  adminApiTokenCreate: {
    request: Type.Object(
      {
        name: Type.String({ minLength: 1, maxLength: API_TOKEN_NAME_MAX }),
        scopes: Type.Array(Scope, { minItems: 1, maxItems: API_TOKEN_SCOPES.length }),
        /** Days until it expires; absent or null: until revoked. */
        expiresInDays: Type.Optional(
          Type.Union([Type.Integer({ minimum: 1, maximum: API_TOKEN_DAYS_MAX }), Type.Null()]),
        ),
      },
      strict,
    ),
    /** `secret` is shown this once: only its SHA-256 is kept. */
    response: Type.Object({ token: AdminApiTokenRow, secret: Type.String() }),
  },
  adminApiTokenRevoke: {
    request: Type.Object({ tokenId: NumericId }, strict),
    response: Type.Object({ token: AdminApiTokenRow }),
  },
} as const;
