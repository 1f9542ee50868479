import { OPERATOR_ROLES } from '@nimbus/domain';
import { Type, type Static } from 'typebox';
import { adminAuditSchemas } from './admin-audit-schemas.ts';
import { adminBenefitSchemas } from './admin-benefit-schemas.ts';
import { adminCodeSchemas } from './admin-code-schemas.ts';
import { adminGroupSchemas } from './admin-group-schemas.ts';
import { adminKolSchemas } from './admin-kol-schemas.ts';
import { adminOrderSchemas } from './admin-order-schemas.ts';
import { adminOverviewSchemas } from './admin-overview-schemas.ts';
import { adminNodeSchemas } from './admin-node-schemas.ts';
import { adminPlanSchemas } from './admin-plan-schemas.ts';
import { adminSettingSchemas } from './admin-setting-schemas.ts';
import { adminTicketSchemas } from './admin-ticket-schemas.ts';
import { adminUserSchemas } from './admin-user-schemas.ts';
import { adminWebhookSchemas } from './admin-webhook-schemas.ts';
import { adminApiTokenSchemas } from './admin-api-token-schemas.ts';
import {
  Empty,
  Id,
  NoInput,
  NullableTimestamp,
  NumericId,
  Page,
  PageRequest,
  Timestamp,
} from '../schemas/common.ts';

/** The console's request and response schemas, one entry per call of admin-endpoints.ts. */

export const OperatorRoleSchema = Type.Enum([...OPERATOR_ROLES]);

export const OperatorView = Type.Object({
  operatorId: Id,
  username: Type.String(),
  role: OperatorRoleSchema,
  /** Two-factor is set up; until then the operator can only enrol. */
  enrolled: Type.Boolean(),
  disabled: Type.Boolean(),
  createdAt: Timestamp,
  lastLoginAt: NullableTimestamp,
});
export type OperatorView = Static<typeof OperatorView>;

const strict = { additionalProperties: false } as const;
const OperatorName = Type.String({ minLength: 1, maxLength: 64 });
const Code = Type.String({ minLength: 1, maxLength: 32 });

export const adminSchemas = {
  adminLogin: {
    request: Type.Object(
      {
        username: OperatorName,
        password: Type.String({ minLength: 1, maxLength: 256 }),
        /** The authenticator's six digits, or one recovery code; absent before enrolment. */
        code: Type.Optional(Code),
      },
      strict,
    ),
    response: Type.Object({ operator: OperatorView }),
  },
  adminLogout: { request: NoInput, response: Empty },
  adminMe: { request: NoInput, response: Type.Object({ operator: OperatorView }) },
  adminEnrolStart: {
    request: NoInput,
    response: Type.Object({
      /** Base32, for typing into an authenticator by hand. */
      secret: Type.String(),
      /** The otpauth:// URI the QR code carries. */
      uri: Type.String(),
    }),
  },
  adminEnrolConfirm: {
    request: Type.Object({ code: Code }, strict),
    response: Type.Object({
      operator: OperatorView,
      /** Shown once: each signs in once in place of an authenticator code. */
      recoveryCodes: Type.Array(Type.String()),
    }),
  },
  adminOperatorList: { request: PageRequest, response: Page(OperatorView) },
  adminOperatorCreate: {
    request: Type.Object({ username: OperatorName, role: OperatorRoleSchema }, strict),
    response: Type.Object({
      operator: OperatorView,
      /** The first password, shown once; the operator signs in with it and enrols. */
      password: Type.String(),
    }),
  },
  adminOperatorDisable: {
    request: Type.Object({ operatorId: NumericId }, strict),
    response: Type.Object({ operator: OperatorView }),
  },
  ...adminUserSchemas,
  ...adminOrderSchemas,
  ...adminAuditSchemas,
  ...adminOverviewSchemas,
  ...adminPlanSchemas,
  ...adminCodeSchemas,
  ...adminSettingSchemas,
  ...adminBenefitSchemas,
  ...adminNodeSchemas,
  ...adminKolSchemas,
  ...adminGroupSchemas,
  ...adminTicketSchemas,
  ...adminWebhookSchemas,
  ...adminApiTokenSchemas,
} as const;

export type AdminSchemas = typeof adminSchemas;
