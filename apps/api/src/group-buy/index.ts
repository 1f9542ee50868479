/** The group-buy noun: what other folders may use of it (docs/architecture.md, noun folders). */
export { adminGroupClose, adminGroupDetail, adminGroupList } from './console-routes.ts';
export { createGroup } from './create-group.ts';
export { groupCreatorOrders, groupShareOrders } from './hooks.ts';
export { expireDueGroups } from './jobs.ts';
export { joinGroupForPay, joinGroupFree } from './join-group.ts';
export { groupDetail, groupOrders, groupsCreated, groupsParticipated } from './member-routes.ts';
export { GROUP_CREATOR_ORDER, GROUP_SHARE_ORDER } from './groups.ts';
export { openGroupCount, seatCountOfUser } from './store.ts';
