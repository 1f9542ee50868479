/**
 * The operators noun (the console's accounts, their two-factor enrolment and sessions): what
 * other folders may use of it (docs/architecture.md, noun folders).
 */
export {
  adminEnrolConfirm,
  adminEnrolStart,
  adminLogin,
  adminLogout,
  adminMe,
  adminOperatorCreate,
  adminOperatorDisable,
  adminOperatorList,
} from './console-routes.ts';
export { createOperator } from './manage-operators.ts';
export { operatorsCommand, USAGE as OPERATORS_USAGE } from './ops.ts';
export { OperatorSessions } from './sessions.ts';
export type { OperatorSession, OperatorSessionStage } from './sessions.ts';
export { insertOperator, operatorById, operatorByName } from './store.ts';
export { totpCode, totpStep } from './totp.ts';
