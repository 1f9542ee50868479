import { pageRequest, searchPageRequest } from '@nimbus/domain';
import { markKol, recordPayout } from './manage-kols.ts';
import { approveKolApplication, declineKolApplication } from './kol-applications.ts';
import { operatorOf, type AdminHandler, type AdminCallContext } from '../http/console-handler.ts';
import { rowId } from '../db/row-id.ts';
import {
  kolApplicationById,
  kolApplications,
  kolDetail,
  kolPayoutRow,
  kolRefusal,
  kolRowById,
  searchKols,
} from './console-queries.ts';
import { payoutByPublicId } from './ledger-store.ts';

const change = (ctx: AdminCallContext) => ({ actor: operatorOf(ctx).actor, now: ctx.now });

// POST /api/admin/kol_list
export const adminKolList: AdminHandler<'adminKolList'> = async (input, ctx) => {
  const page = searchPageRequest(input.page, input.pageSize);
  const found = await searchKols(ctx.services.db, input, page, ctx.now);
  return { ...found, page: page.page, pageSize: page.pageSize };
};

// POST /api/admin/kol_detail
export const adminKolDetail: AdminHandler<'adminKolDetail'> = async (input, ctx) =>
  kolDetail(ctx.services.db, rowId(input.userId), ctx.now);

// POST /api/admin/kol_set_rate
// The same as `pnpm ops kol mark <user> --rate=` (a former KOL rejoins).
export const adminKolSetRate: AdminHandler<'adminKolSetRate'> = async (input, ctx) => {
  const { db, dialect } = ctx.services;
  const userId = rowId(input.userId);
  await kolRowById(db, userId, ctx.now);
  await markKol(db, dialect, userId, input.ratePercent, change(ctx)).catch(kolRefusal);
  return { kol: await kolRowById(db, userId, ctx.now) };
};

// POST /api/admin/kol_applications
export const adminKolApplications: AdminHandler<'adminKolApplications'> = async (input, ctx) => {
  const page = pageRequest(input.page, input.pageSize);
  const { items, total } = await kolApplications(ctx.services.db, input.status ?? null, page);
  return { items, total, page: page.page, pageSize: page.pageSize };
};

// POST /api/admin/kol_approve
// The same as `pnpm ops kol approve <application> [--rate=]`.
export const adminKolApprove: AdminHandler<'adminKolApprove'> = async (input, ctx) => {
  const id = rowId(input.applicationId);
  await approveKolApplication(ctx.services, id, input.ratePercent, change(ctx)).catch(kolRefusal);
  return { application: await kolApplicationById(ctx.services.db, id) };
};

// POST /api/admin/kol_decline
// The same as `pnpm ops kol decline <application> --reason=`.
export const adminKolDecline: AdminHandler<'adminKolDecline'> = async (input, ctx) => {
  const id = rowId(input.applicationId);
  await declineKolApplication(ctx.services, id, input.reason, change(ctx)).catch(kolRefusal);
  return { application: await kolApplicationById(ctx.services.db, id) };
};

// POST /api/admin/kol_payout
// The same as `pnpm ops payout --kol=<user> --tx=0x...`.
export const adminKolPayout: AdminHandler<'adminKolPayout'> = async (input, ctx) => {
  const { db, dialect } = ctx.services;
  const userId = rowId(input.userId);
  const record = await recordPayout(db, dialect, userId, input.txHash, change(ctx)).catch(
    kolRefusal,
  );
  const row = await payoutByPublicId(db, record.payoutId);
  return { payout: kolPayoutRow(row), kol: await kolRowById(db, userId, ctx.now) };
};
