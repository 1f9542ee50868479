import { Type, type Static } from 'typebox';
import { Page, PageRequest, Timestamp } from '../schemas/common.ts';

/**
 * The console's benefit catalogue (admin): the shared accounts yearly members get. A password
 * is sent to be stored and never answered: a row says only whether one is set. The fields are
 * checked by domain `benefitProblems` (localised, one field at a time); the lengths here only
 * bound the request.
 */

const strict = { additionalProperties: false } as const;
const BenefitKey = Type.String({ minLength: 1, maxLength: 100 });
const Text = Type.String({ maxLength: 2000 });

export const AdminBenefitRow = Type.Object({
  key: Type.String(),
  name: Type.String(),
  link: Type.String(),
  accountName: Type.String(),
  /** Lower first. */
  sortOrder: Type.Integer(),
  /** A password is stored (it is never answered). */
  passwordSet: Type.Boolean(),
  createdAt: Timestamp,
  /** The last change. */
  updatedAt: Timestamp,
});
export type AdminBenefitRow = Static<typeof AdminBenefitRow>;

export const adminBenefitSchemas = {
  /** The catalogue in display order. */
  adminBenefitList: { request: PageRequest, response: Page(AdminBenefitRow) },
  /**
   * `create` refuses a key in use (BENEFIT_EXISTS), `update` an unknown one
   * (BENEFIT_NOT_FOUND). Without a password an update keeps the stored one; without a position
   * it keeps its place (0 for a new benefit).
   */
  adminBenefitSave: {
    request: Type.Object(
      {
        mode: Type.Enum(['create', 'update']),
        key: BenefitKey,
        name: Text,
        link: Text,
        accountName: Text,
        password: Type.Optional(Text),
        sortOrder: Type.Optional(Type.Integer({ minimum: -1e9, maximum: 1e9 })),
      },
      strict,
    ),
    response: Type.Object({ outcome: Type.Enum(['created', 'updated']), benefit: AdminBenefitRow }),
  },
  adminBenefitRemove: {
    request: Type.Object({ key: BenefitKey }, strict),
    response: Type.Object({ key: Type.String() }),
  },
} as const;
