import type { OperatorPermission } from '@nimbus/domain';

/**
 * The operator console's calls (`/admin`), under the `/api/admin/` prefix: plain data like the
 * member catalogue (endpoints.ts), registered by the server and called by the console's client.
 * Operators are not members: an operator session is a separate token checked against operator
 * sessions only, and a member's token is refused on every call here.
 *
 * - access: 'public' (signing in), 'enrolment' (a session that still has to set up two-factor),
 *   'signed-in' (any operator session), or the permission the operator's role must hold (a
 *   two-factor session; domain `roleAllows`).
 * - read: the call changes nothing.
 * - token: the call delivers an operator session token in the `pragma` response header.
 * - clearsToken: the client forgets the operator session once the call succeeds.
 */
export type AdminAccess = 'public' | 'enrolment' | 'signed-in' | OperatorPermission;

export interface AdminEndpointSpec {
  readonly path: `/api/admin/${string}`;
  readonly access: AdminAccess;
  readonly read: boolean;
  readonly token?: true;
  readonly clearsToken?: true;
}

export const adminEndpoints = {
  adminLogin: { path: '/api/admin/login', access: 'public', read: false, token: true },
  adminLogout: {
    path: '/api/admin/logout',
    access: 'signed-in',
    read: false,
    clearsToken: true,
  },
  adminMe: { path: '/api/admin/me', access: 'signed-in', read: true },
  adminEnrolStart: { path: '/api/admin/enrol_start', access: 'enrolment', read: false },
  adminEnrolConfirm: { path: '/api/admin/enrol_confirm', access: 'enrolment', read: false },
  adminOperatorList: { path: '/api/admin/operator_list', access: 'operators.manage', read: true },
  adminOperatorCreate: {
    path: '/api/admin/operator_create',
    access: 'operators.manage',
    read: false,
  },
  adminOperatorDisable: {
    path: '/api/admin/operator_disable',
    access: 'operators.manage',
    read: false,
  },
  adminUserSearch: { path: '/api/admin/user_search', access: 'users.read', read: true },
  adminUserDetail: { path: '/api/admin/user_detail', access: 'users.read', read: true },
  adminUserSuspend: { path: '/api/admin/user_suspend', access: 'users.manage', read: false },
  adminUserReinstate: { path: '/api/admin/user_reinstate', access: 'users.manage', read: false },
  adminUserRevokeSessions: {
    path: '/api/admin/user_revoke_sessions',
    access: 'users.manage',
    read: false,
  },
  adminUserUnbindDevice: {
    path: '/api/admin/user_unbind_device',
    access: 'users.manage',
    read: false,
  },
  adminUserAdjustTime: {
    path: '/api/admin/user_adjust_time',
    access: 'users.manage',
    read: false,
  },
  adminUserTopUp: { path: '/api/admin/user_top_up', access: 'users.manage', read: false },
  adminUserCreate: { path: '/api/admin/user_create', access: 'users.manage', read: false },
  adminUserChangeContact: {
    path: '/api/admin/user_change_contact',
    access: 'users.manage',
    read: false,
  },
  adminOrderSearch: { path: '/api/admin/order_search', access: 'orders.read', read: true },
  adminOrderRefund: { path: '/api/admin/order_refund', access: 'orders.manage', read: false },
  adminOrderMarkPaid: {
    path: '/api/admin/order_mark_paid',
    access: 'orders.manage',
    read: false,
  },
  adminOrderCancel: { path: '/api/admin/order_cancel', access: 'orders.manage', read: false },
  adminAuditSearch: { path: '/api/admin/audit_search', access: 'audit.read', read: true },
  adminOverview: { path: '/api/admin/overview', access: 'overview.read', read: true },
  adminPlanList: { path: '/api/admin/plan_list', access: 'settings.manage', read: true },
  adminPlanCreate: { path: '/api/admin/plan_create', access: 'settings.manage', read: false },
  adminPlanUpdate: { path: '/api/admin/plan_update', access: 'settings.manage', read: false },
  adminPromoList: { path: '/api/admin/promo_list', access: 'codes.manage', read: true },
  adminPromoCreate: { path: '/api/admin/promo_create', access: 'codes.manage', read: false },
  adminPromoDisable: { path: '/api/admin/promo_disable', access: 'codes.manage', read: false },
  adminRedeemList: { path: '/api/admin/redeem_list', access: 'codes.manage', read: true },
  adminRedeemCreate: { path: '/api/admin/redeem_create', access: 'codes.manage', read: false },
  adminRedeemDisable: { path: '/api/admin/redeem_disable', access: 'codes.manage', read: false },
  adminSettingList: { path: '/api/admin/setting_list', access: 'settings.manage', read: true },
  adminSettingSet: { path: '/api/admin/setting_set', access: 'settings.manage', read: false },
  adminSettingUnset: { path: '/api/admin/setting_unset', access: 'settings.manage', read: false },
  adminNoticeList: { path: '/api/admin/notice_list', access: 'notices.manage', read: true },
  adminNoticeSave: { path: '/api/admin/notice_save', access: 'notices.manage', read: false },
  adminNoticeRemove: { path: '/api/admin/notice_remove', access: 'notices.manage', read: false },
  adminBenefitList: { path: '/api/admin/benefit_list', access: 'settings.manage', read: true },
  adminBenefitSave: { path: '/api/admin/benefit_save', access: 'settings.manage', read: false },
  adminBenefitRemove: {
    path: '/api/admin/benefit_remove',
    access: 'settings.manage',
    read: false,
  },
  adminNodeList: { path: '/api/admin/node_list', access: 'settings.manage', read: true },
  adminNodeCreate: { path: '/api/admin/node_create', access: 'settings.manage', read: false },
  adminNodeSetEnabled: {
    path: '/api/admin/node_set_enabled',
    access: 'settings.manage',
    read: false,
  },
  adminNodeRotateToken: {
    path: '/api/admin/node_rotate_token',
    access: 'settings.manage',
    read: false,
  },
  adminGroupList: { path: '/api/admin/group_list', access: 'orders.read', read: true },
  adminGroupDetail: { path: '/api/admin/group_detail', access: 'orders.read', read: true },
  adminGroupClose: { path: '/api/admin/group_close', access: 'orders.manage', read: false },
  adminKolList: { path: '/api/admin/kol_list', access: 'kol.manage', read: true },
  adminKolDetail: { path: '/api/admin/kol_detail', access: 'kol.manage', read: true },
  adminKolSetRate: { path: '/api/admin/kol_set_rate', access: 'kol.manage', read: false },
  adminKolApplications: {
    path: '/api/admin/kol_applications',
    access: 'kol.manage',
    read: true,
  },
  adminKolApprove: { path: '/api/admin/kol_approve', access: 'kol.manage', read: false },
  adminKolDecline: { path: '/api/admin/kol_decline', access: 'kol.manage', read: false },
  adminKolPayout: { path: '/api/admin/kol_payout', access: 'kol.manage', read: false },
  // The support queue (support tickets).
  adminTicketQueue: { path: '/api/admin/ticket_queue', access: 'tickets.manage', read: true },
  adminTicketDetail: { path: '/api/admin/ticket_detail', access: 'tickets.manage', read: true },
  adminTicketReply: { path: '/api/admin/ticket_reply', access: 'tickets.manage', read: false },
  adminTicketAssign: { path: '/api/admin/ticket_assign', access: 'tickets.manage', read: false },
  adminTicketClose: { path: '/api/admin/ticket_close', access: 'tickets.manage', read: false },
  adminTicketRefund: { path: '/api/admin/ticket_refund', access: 'orders.manage', read: false },
  adminTicketGrantTime: {
    path: '/api/admin/ticket_grant_time',
    access: 'users.manage',
    read: false,
  },
  // Outbound webhooks (admin).
  adminWebhookList: { path: '/api/admin/webhook_list', access: 'webhooks.manage', read: true },
  adminWebhookCreate: {
    path: '/api/admin/webhook_create',
    access: 'webhooks.manage',
    read: false,
  },
  adminWebhookUpdate: {
    path: '/api/admin/webhook_update',
    access: 'webhooks.manage',
    read: false,
  },
  adminWebhookRotateSecret: {
    path: '/api/admin/webhook_rotate_secret',
    access: 'webhooks.manage',
    read: false,
  },
  adminWebhookDelete: {
    path: '/api/admin/webhook_delete',
    access: 'webhooks.manage',
    read: false,
  },
  adminWebhookDeliveries: {
    path: '/api/admin/webhook_deliveries',
    access: 'webhooks.manage',
    read: true,
  },
  adminWebhookReplay: {
    path: '/api/admin/webhook_replay',
    access: 'webhooks.manage',
    read: false,
  },
  // Scoped API tokens (admin).
  adminApiTokenList: {
    path: '/api/admin/api_token_list',
    access: 'operators.manage',
    read: true,
  },
  adminApiTokenCreate: {
    path: '/api/admin/api_token_create',
    access: 'operators.manage',
    read: false,
  },
  adminApiTokenRevoke: {
    path: '/api/admin/api_token_revoke',
    access: 'operators.manage',
    read: false,
  },
} as const satisfies Record<string, AdminEndpointSpec>;

export type AdminEndpointName = keyof typeof adminEndpoints;
export type AdminEndpoints = typeof adminEndpoints;

export const adminEndpointNames = Object.keys(adminEndpoints) as AdminEndpointName[];

/** The access rule of a console call. */
export function accessOf(name: AdminEndpointName): AdminAccess {
  const spec: AdminEndpointSpec = adminEndpoints[name];
  return spec.access;
}
