import { pageRequest } from '@nimbus/domain';
import { rowId } from '../db/row-id.ts';
import type { AdminHandler } from '../http/console-handler.ts';
import { operatorOf } from '../http/console-handler.ts';
import { OperatorSessions } from './sessions.ts';
import {
  confirmEnrolment,
  createOperator,
  disableOperator,
  findOperator,
  operatorPage,
  operatorView,
  signIn,
  startEnrolment,
} from './manage-operators.ts';

// POST /api/admin/login
export const adminLogin: AdminHandler<'adminLogin'> = async (input, ctx) => {
  const { token, operator } = await signIn(ctx.services, input, { ip: ctx.ip, now: ctx.now });
  ctx.issueToken(token);
  return { operator };
};

// POST /api/admin/logout
export const adminLogout: AdminHandler<'adminLogout'> = async (_input, ctx) => {
  await new OperatorSessions(ctx.services.db).revoke(operatorOf(ctx).tokenHash, ctx.now);
  return null;
};

// POST /api/admin/me
export const adminMe: AdminHandler<'adminMe'> = async (_input, ctx) => ({
  operator: operatorView(await findOperator(ctx.services, { id: operatorOf(ctx).operatorId })),
});

// POST /api/admin/enrol_start
export const adminEnrolStart: AdminHandler<'adminEnrolStart'> = async (_input, ctx) =>
  startEnrolment(ctx.services, operatorOf(ctx).operatorId);

// POST /api/admin/enrol_confirm
export const adminEnrolConfirm: AdminHandler<'adminEnrolConfirm'> = async (input, ctx) =>
  confirmEnrolment(ctx.services, operatorOf(ctx), input.code, ctx.now);

// POST /api/admin/operator_list
export const adminOperatorList: AdminHandler<'adminOperatorList'> = async (input, ctx) => {
  const page = pageRequest(input.page, input.pageSize);
  const { items, total } = await operatorPage(ctx.services, page);
  return { items, total, page: page.page, pageSize: page.pageSize };
};

// POST /api/admin/operator_create
export const adminOperatorCreate: AdminHandler<'adminOperatorCreate'> = async (input, ctx) =>
  createOperator(ctx.services, input, operatorOf(ctx).actor, ctx.now);

// POST /api/admin/operator_disable
export const adminOperatorDisable: AdminHandler<'adminOperatorDisable'> = async (input, ctx) => ({
  operator: await disableOperator(
    ctx.services,
    { id: rowId(input.operatorId) },
    operatorOf(ctx).actor,
    ctx.now,
  ),
});
