import {
  ErrorCode,
  type AdminEndpointName,
  type AdminWebhookDelivery,
  type AdminWebhookEndpoint,
} from '@nimbus/api-sdk/contract';
import { WEBHOOK_ENDPOINTS_MAX, type WebhookEventType } from '@nimbus/domain';
import { writeAudit } from '../audit/index.ts';
import type { Db } from '../db/database.ts';
import { rowId } from '../db/row-id.ts';
import { Refusal } from '../errors/refusal.ts';
import {
  operatorOf,
  type AdminCallContext,
  type AdminHandler,
  type AdminHandlers,
} from '../http/console-handler.ts';
import {
  deleteDeliveriesOf,
  deliveriesOf,
  deliveryCounts,
  findDelivery,
  replayDelivery,
  type DeliveryRow,
} from './delivery-store.ts';
import {
  countEndpoints,
  deleteEndpoint,
  endpointEvents,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  updateEndpoint,
  type EndpointRow,
} from './endpoint-store.ts';
import type { PlatformServices } from '../platform/platform-services.ts';
import { openWebhookSecret, sealWebhookSecret, webhookSecrets } from './secrets.ts';
import { newWebhookSecret } from './signature.ts';
import type { SecretBox } from '../security/secret-box.ts';
import { webhookUrlProblem } from './url-guard.ts';

/**
 * The console's webhook calls (admin, `webhooks.manage`): endpoints, their secret shown once,
 * the delivery log and replay. Every change is audited (`webhook.*`, the URL and events; never
 * the secret).
 */

export type WebhookConsoleCall = Extract<AdminEndpointName, `adminWebhook${string}`>;

const endpointView = (
  box: SecretBox,
  row: EndpointRow,
  counts: { due: number; failed: number } = { due: 0, failed: 0 },
): AdminWebhookEndpoint => ({
  endpointId: String(row.id),
  url: row.url,
  description: row.description,
  events: endpointEvents(row) as WebhookEventType[],
  enabled: row.enabled === 1,
  secretHint: openWebhookSecret(box, row.secret).slice(-4),
  createdAt: Number(row.created_at),
  due: counts.due,
  failed: counts.failed,
});

const deliveryView = (row: DeliveryRow): AdminWebhookDelivery => ({
  deliveryId: String(row.id),
  eventId: row.event_id,
  eventType: row.event_type as WebhookEventType,
  status: row.status as AdminWebhookDelivery['status'],
  attempts: row.attempts,
  responseStatus: row.response_status,
  durationMs: row.duration_ms,
  lastError: row.last_error,
  createdAt: Number(row.created_at),
  nextAttemptAt: row.status === 'due' ? Number(row.due_at) : null,
  deliveredAt: row.delivered_at === null ? null : Number(row.delivered_at),
  payload: row.payload,
});

async function endpointOrMissing(db: Db, endpointId: string): Promise<EndpointRow> {
  const row = await findEndpoint(db, rowId(endpointId));
  if (!row) throw new Refusal(ErrorCode.WEBHOOK_NOT_FOUND);
  return row;
}

/** Refuses a URL that may not receive webhooks, with the message of its problem. */
async function checkUrl(ctx: AdminCallContext, url: string): Promise<string> {
  const trimmed = url.trim();
  const problem = await webhookUrlProblem(trimmed, ctx.services.config.mode === 'production');
  if (problem)
    throw new Refusal(ErrorCode.WEBHOOK_URL_REFUSED, {
      message:
        problem === 'not_public' ? 'errors:webhook_url_refused' : `errors:webhook_url_${problem}`,
    });
  return trimmed;
}

const uniqueEvents = (events: readonly WebhookEventType[]) => [...new Set(events)];

// POST /api/admin/webhook_list
export const adminWebhookList: AdminHandler<'adminWebhookList'> = async (_input, ctx) => {
  const { db } = ctx.services;
  const [rows, counts] = await Promise.all([listEndpoints(db), deliveryCounts(db)]);
  const box = webhookSecrets(ctx.services.secret);
  return { items: rows.map((r) => endpointView(box, r, counts.get(r.id))) };
};

// POST /api/admin/webhook_create
export const adminWebhookCreate: AdminHandler<'adminWebhookCreate'> = async (input, ctx) => {
  const { db } = ctx.services;
  const url = await checkUrl(ctx, input.url);
  const secret = newWebhookSecret();
  const operator = operatorOf(ctx);
  const id = await db.transaction().execute(async (trx) => {
    if ((await countEndpoints(trx)) >= WEBHOOK_ENDPOINTS_MAX)
      throw new Refusal(ErrorCode.WEBHOOK_LIMIT_REACHED);
    const fields = {
      url,
      description: input.description.trim(),
      events: uniqueEvents(input.events),
      enabled: input.enabled,
    };
    const created = await insertEndpoint(trx, {
      ...fields,
      secret: sealWebhookSecret(webhookSecrets(ctx.services.secret), secret),
      now: ctx.now,
    });
    await writeAudit(trx, {
      actor: operator.actor,
      action: 'webhook.created',
      subjectType: 'webhook',
      subjectId: created,
      data: fields,
      at: ctx.now,
    });
    return created;
  });
  return {
    endpoint: endpointView(
      webhookSecrets(ctx.services.secret),
      await endpointOrMissing(db, String(id)),
    ),
    secret,
  };
};

// POST /api/admin/webhook_update
export const adminWebhookUpdate: AdminHandler<'adminWebhookUpdate'> = async (input, ctx) => {
  const { db } = ctx.services;
  const row = await endpointOrMissing(db, input.endpointId);
  const url = await checkUrl(ctx, input.url);
  const fields = {
    url,
    description: input.description.trim(),
    events: uniqueEvents(input.events),
    enabled: input.enabled,
  };
  await db.transaction().execute(async (trx) => {
    if (!(await updateEndpoint(trx, row.id, { ...fields, now: ctx.now })))
      throw new Refusal(ErrorCode.WEBHOOK_NOT_FOUND);
    await writeAudit(trx, {
      actor: operatorOf(ctx).actor,
      action: 'webhook.updated',
      subjectType: 'webhook',
      subjectId: row.id,
      data: fields,
      at: ctx.now,
    });
  });
  const counts = (await deliveryCounts(db)).get(row.id);
  const endpoint = await endpointOrMissing(db, input.endpointId);
  return { endpoint: endpointView(webhookSecrets(ctx.services.secret), endpoint, counts) };
};

// POST /api/admin/webhook_rotate_secret
export const adminWebhookRotateSecret: AdminHandler<'adminWebhookRotateSecret'> = async (
  input,
  ctx,
) => {
  const { db } = ctx.services;
  const row = await endpointOrMissing(db, input.endpointId);
  const secret = newWebhookSecret();
  await db.transaction().execute(async (trx) => {
    const sealed = sealWebhookSecret(webhookSecrets(ctx.services.secret), secret);
    if (!(await updateEndpoint(trx, row.id, { secret: sealed, now: ctx.now })))
      throw new Refusal(ErrorCode.WEBHOOK_NOT_FOUND);
    await writeAudit(trx, {
      actor: operatorOf(ctx).actor,
      action: 'webhook.secret_rotated',
      subjectType: 'webhook',
      subjectId: row.id,
      data: { url: row.url },
      at: ctx.now,
    });
  });
  const counts = (await deliveryCounts(db)).get(row.id);
  const endpoint = await endpointOrMissing(db, input.endpointId);
  return {
    endpoint: endpointView(webhookSecrets(ctx.services.secret), endpoint, counts),
    secret,
  };
};

// POST /api/admin/webhook_delete
export const adminWebhookDelete: AdminHandler<'adminWebhookDelete'> = async (input, ctx) => {
  const { db } = ctx.services;
  const row = await endpointOrMissing(db, input.endpointId);
  await db.transaction().execute(async (trx) => {
    await deleteDeliveriesOf(trx, row.id);
    if (!(await deleteEndpoint(trx, row.id))) throw new Refusal(ErrorCode.WEBHOOK_NOT_FOUND);
    await writeAudit(trx, {
      actor: operatorOf(ctx).actor,
      action: 'webhook.deleted',
      subjectType: 'webhook',
      subjectId: row.id,
      data: { url: row.url, events: endpointEvents(row) },
      at: ctx.now,
    });
  });
  return { endpointId: String(row.id) };
};

// POST /api/admin/webhook_deliveries
export const adminWebhookDeliveries: AdminHandler<'adminWebhookDeliveries'> = async (
  input,
  ctx,
) => {
  const row = await endpointOrMissing(ctx.services.db, input.endpointId);
  const { rows, total } = await deliveriesOf(ctx.services.db, row.id, {
    offset: (input.page - 1) * input.pageSize,
    limit: input.pageSize,
  });
  return { items: rows.map(deliveryView), total, page: input.page, pageSize: input.pageSize };
};

// POST /api/admin/webhook_replay
export const adminWebhookReplay: AdminHandler<'adminWebhookReplay'> = async (input, ctx) => {
  const { db } = ctx.services;
  const delivery = await findDelivery(db, rowId(input.deliveryId));
  if (!delivery) throw new Refusal(ErrorCode.WEBHOOK_NOT_FOUND);
  await db.transaction().execute(async (trx) => {
    if (!(await replayDelivery(trx, delivery.id, ctx.now)))
      throw new Refusal(ErrorCode.WEBHOOK_DELIVERY_BUSY);
    await writeAudit(trx, {
      actor: operatorOf(ctx).actor,
      action: 'webhook.replayed',
      subjectType: 'webhook',
      subjectId: delivery.endpoint_id,
      data: { deliveryId: delivery.id, eventId: delivery.event_id, type: delivery.event_type },
      at: ctx.now,
    });
  });
  const replayed = await findDelivery(db, delivery.id);
  if (!replayed) throw new Refusal(ErrorCode.WEBHOOK_NOT_FOUND);
  return { delivery: deliveryView(replayed) };
};

/** The console's webhook calls, joined to the console's handler map by the app. */
export const webhookConsoleHandlers: Pick<AdminHandlers<PlatformServices>, WebhookConsoleCall> = {
  adminWebhookList,
  adminWebhookCreate,
  adminWebhookUpdate,
  adminWebhookRotateSecret,
  adminWebhookDelete,
  adminWebhookDeliveries,
  adminWebhookReplay,
};
