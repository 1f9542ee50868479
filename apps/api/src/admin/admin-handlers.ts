import type { AdminEndpointName } from '@nimbus/api-sdk/contract';
import type { AdminHandlers } from '../http/console-handler.ts';
import {
  adminOrderCancel,
  adminOrderMarkPaid,
  adminOrderRefund,
  adminOrderSearch,
  adminPromoCreate,
  adminPromoDisable,
  adminPromoList,
  type OrderServices,
} from '../orders/index.ts';
import { adminAuditSearch } from './audit/audit-handlers.ts';
import { adminBenefitList, adminBenefitRemove, adminBenefitSave } from '../benefits/index.ts';
import {
  adminRedeemCreate,
  adminRedeemDisable,
  adminRedeemList,
  adminUserAdjustTime,
  adminUserTopUp,
} from '../membership/index.ts';
import { adminGroupClose, adminGroupDetail, adminGroupList } from '../group-buy/index.ts';
import {
  adminKolApplications,
  adminKolApprove,
  adminKolDecline,
  adminKolDetail,
  adminKolList,
  adminKolPayout,
  adminKolSetRate,
} from '../inviters/index.ts';
import {
  adminNodeCreate,
  adminNodeList,
  adminNodeRotateToken,
  adminNodeSetEnabled,
} from '../nodes/index.ts';
import { adminOverview } from './overview/overview-handlers.ts';
import {
  adminNoticeList,
  adminNoticeRemove,
  adminNoticeSave,
  adminSettingList,
  adminSettingSet,
  adminSettingUnset,
} from '../settings/console/index.ts';
import { adminPlanCreate, adminPlanList, adminPlanUpdate } from '../plans/index.ts';
import {
  adminEnrolConfirm,
  adminEnrolStart,
  adminLogin,
  adminLogout,
  adminMe,
  adminOperatorCreate,
  adminOperatorDisable,
  adminOperatorList,
} from '../operators/index.ts';
import {
  adminUserChangeContact,
  adminUserCreate,
  adminUserReinstate,
  adminUserRevokeSessions,
  adminUserSearch,
  adminUserSuspend,
} from '../accounts/calls/index.ts';
import { adminUserUnbindDevice } from '../devices/index.ts';
import { adminUserDetail } from './users/user-handlers.ts';

/**
 * The handler of every console call (admin-endpoints.ts) but the support queue's, the webhooks'
 * and the API tokens', which their nouns hold and the app joins: the type is total.
 */
export const adminHandlers: Omit<
  AdminHandlers<OrderServices>,
  Extract<
    AdminEndpointName,
    `adminTicket${string}` | `adminWebhook${string}` | `adminApiToken${string}`
  >
> = {
  adminLogin,
  adminLogout,
  adminMe,
  adminEnrolStart,
  adminEnrolConfirm,
  adminOperatorList,
  adminOperatorCreate,
  adminOperatorDisable,
  adminUserSearch,
  adminUserDetail,
  adminUserSuspend,
  adminUserReinstate,
  adminUserRevokeSessions,
  adminUserAdjustTime,
  adminUserTopUp,
  adminUserCreate,
  adminUserUnbindDevice,
  adminUserChangeContact,
  adminOrderSearch,
  adminOrderRefund,
  adminOrderMarkPaid,
  adminOrderCancel,
  adminAuditSearch,
  adminOverview,
  adminPlanList,
  adminPlanCreate,
  adminPlanUpdate,
  adminPromoList,
  adminPromoCreate,
  adminPromoDisable,
  adminRedeemList,
  adminRedeemCreate,
  adminRedeemDisable,
  adminGroupList,
  adminGroupDetail,
  adminGroupClose,
  adminKolList,
  adminKolDetail,
  adminKolSetRate,
  adminKolApplications,
  adminKolApprove,
  adminKolDecline,
  adminKolPayout,
  adminSettingList,
  adminSettingSet,
  adminSettingUnset,
  adminNoticeList,
  adminNoticeSave,
  adminNoticeRemove,
  adminBenefitList,
  adminBenefitSave,
  adminBenefitRemove,
  adminNodeList,
  adminNodeCreate,
  adminNodeSetEnabled,
  adminNodeRotateToken,
};
