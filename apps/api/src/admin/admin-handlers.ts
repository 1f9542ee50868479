import type { AdminHandlers } from './admin-handler.ts';
import {
  adminEnrolConfirm,
  adminEnrolStart,
  adminLogin,
  adminLogout,
  adminMe,
  adminOperatorCreate,
  adminOperatorDisable,
  adminOperatorList,
} from './operators/operator-handlers.ts';

/** The handler of every console call (admin-endpoints.ts); the type is total. */
export const adminHandlers: AdminHandlers = {
  adminLogin,
  adminLogout,
  adminMe,
  adminEnrolStart,
  adminEnrolConfirm,
  adminOperatorList,
  adminOperatorCreate,
  adminOperatorDisable,
};
