import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { WebhookEndpointsTable } from '../db/schema.ts';

/** The webhook_endpoints table: where operators want events sent (README.md). */

export type EndpointRow = Selectable<WebhookEndpointsTable>;

export interface EndpointFields {
  url: string;
  description: string;
  events: readonly string[];
  enabled: boolean;
}

export async function listEndpoints(db: Db): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
}

export async function countEndpoints(db: Db): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findEndpoint(db: Db, id: number): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The enabled endpoints, for queueing an event (a handful of rows: filtered here). */
export async function enabledEndpoints(db: Db): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('enabled', '=', 1).execute();
}

export const endpointEvents = (row: Pick<EndpointRow, 'events'>): string[] =>
  JSON.parse(row.events) as string[];

export async function insertEndpoint(
  trx: Db,
  fields: EndpointFields & { secret: string; now: number },
): Promise<number> {
  const row = await trx
    .insertInto('webhook_endpoints')
    .values({
      url: fields.url,
      description: fields.description,
      events: JSON.stringify(fields.events),
      enabled: fields.enabled ? 1 : 0,
      secret: fields.secret,
      created_at: fields.now,
      updated_at: fields.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateEndpoint(
  trx: Db,
  id: number,
  fields: Partial<EndpointFields> & { secret?: string; now: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('webhook_endpoints')
    .set({
      ...(fields.url !== undefined ? { url: fields.url } : {}),
      ...(fields.description !== undefined ? { description: fields.description } : {}),
      ...(fields.events !== undefined ? { events: JSON.stringify(fields.events) } : {}),
      ...(fields.enabled !== undefined ? { enabled: fields.enabled ? 1 : 0 } : {}),
      ...(fields.secret !== undefined ? { secret: fields.secret } : {}),
      updated_at: fields.now,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes an endpoint (delete its deliveries first: deleteDeliveriesOf). */
export async function deleteEndpoint(trx: Db, id: number): Promise<boolean> {
  const result = await trx.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
