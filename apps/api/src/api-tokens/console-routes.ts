import { ErrorCode, type AdminResponseOf } from '@nimbus/api-sdk/contract';
import { rowId } from '../db/row-id.ts';
import { Refusal } from '../errors/refusal.ts';
import { operatorOf, type AdminHandler, type AdminHandlers } from '../http/console-handler.ts';
import type { PlatformServices } from '../platform/platform-services.ts';
import { apiTokenById, listApiTokens, type ApiTokenRow } from './store.ts';
import { createApiToken, revokeApiToken, scopesOf } from './tokens.ts';

type Row = AdminResponseOf<'adminApiTokenList'>['items'][number];

const nullable = (value: number | null) => (value === null ? null : Number(value));

function tokenRow(row: ApiTokenRow): Row {
  return {
    tokenId: String(row.id),
    name: row.name,
    scopes: scopesOf(row),
    createdBy: row.created_by_name,
    createdAt: Number(row.created_at),
    expiresAt: nullable(row.expires_at),
    lastUsedAt: nullable(row.last_used_at),
    revokedAt: nullable(row.revoked_at),
  };
}

// POST /api/admin/api_token_list
const adminApiTokenList: AdminHandler<'adminApiTokenList'> = async (_input, ctx) => ({
  items: (await listApiTokens(ctx.services.db)).map(tokenRow),
});

// POST /api/admin/api_token_create
const adminApiTokenCreate: AdminHandler<'adminApiTokenCreate'> = async (input, ctx) => {
  const operator = operatorOf(ctx);
  // A program cannot make programs: tokens are an operator's to hand out.
  if (operator.apiToken) throw new Refusal(ErrorCode.FORBIDDEN);
  const name = input.name.trim();
  if (name === '') throw new Refusal(ErrorCode.VALIDATION_FAILED);
  const { id, secret } = await createApiToken(ctx.services.db, {
    name,
    scopes: input.scopes,
    expiresInDays: input.expiresInDays ?? null,
    operator: { id: operator.operatorId, username: operator.username, actor: operator.actor },
    now: ctx.now,
  });
  const row = await apiTokenById(ctx.services.db, id);
  if (!row) throw new Error(`api token ${id} vanished`);
  return { token: tokenRow(row), secret };
};

// POST /api/admin/api_token_revoke
const adminApiTokenRevoke: AdminHandler<'adminApiTokenRevoke'> = async (input, ctx) => {
  const operator = operatorOf(ctx);
  const id = rowId(input.tokenId);
  const row = id === 0 ? undefined : await apiTokenById(ctx.services.db, id);
  if (!row) throw new Refusal(ErrorCode.NOT_FOUND);
  await revokeApiToken(ctx.services.db, id, { actor: operator.actor, now: ctx.now });
  const revoked = await apiTokenById(ctx.services.db, id);
  return { token: tokenRow(revoked ?? row) };
};

type ApiTokenCall = 'adminApiTokenList' | 'adminApiTokenCreate' | 'adminApiTokenRevoke';

export const apiTokenConsoleHandlers: Pick<AdminHandlers<PlatformServices>, ApiTokenCall> = {
  adminApiTokenList,
  adminApiTokenCreate,
  adminApiTokenRevoke,
};
