import { createHash } from 'node:crypto';
import { feedDeviceLimit, feedSpeedLimitMbps, nodeOpenTo, type NodeAccess } from '@nimbus/domain';
import type { Db } from '../db/database.ts';

/**
 * The members a node lets in: every member holding a working subscription link (the
 * third-party client on, the link not reset, the account not deleted) whose plan reaches the
 * node now (domain nodeOpenTo), with the link's UUID and the domain's speed and device limits.
 *
 * Nodes of one access level get the same list, so it is built once per level and kept with the
 * ETag of its body. It stays valid until the data it comes from changes (newest users,
 * third_party_clients and subscription_tokens write times, read by index) or until the first
 * expiry among the candidates passes, whichever comes first, so a pull whose list did not change
 * costs one indexed query, and several processes sharing the database stay correct.
 */

export interface FeedMember {
  id: number;
  uuid: string;
  speed_limit: number;
  device_limit: number;
}

export interface FeedList {
  /** The JSON body `{"users":[...]}` exactly as served. */
  body: string;
  /** Quoted strong ETag of the body. */
  etag: string;
  members: ReadonlyMap<number, FeedMember>;
}

interface Cached {
  version: string;
  validUntil: number;
  list: FeedList;
}

/** What the list is built from changed when any of these moved. */
async function dataVersion(db: Db): Promise<string> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('users')
        .select((e) => e.fn.max('updated_at').as('v'))
        .as('users'),
      eb
        .selectFrom('third_party_clients')
        .select((e) => e.fn.max('updated_at').as('v'))
        .as('switches'),
      eb
        .selectFrom('subscription_tokens')
        .select((e) => e.fn.max('created_at').as('v'))
        .as('links'),
    ])
    .executeTakeFirstOrThrow();
  return `${String(row.users)}:${String(row.switches)}:${String(row.links)}`;
}

async function buildList(
  db: Db,
  access: NodeAccess,
  now: number,
): Promise<{ list: FeedList; validUntil: number }> {
  let query = db
    .selectFrom('subscription_tokens as st')
    .innerJoin('users as u', 'u.id', 'st.user_id')
    .innerJoin('third_party_clients as t', 't.user_id', 'st.user_id')
    .select([
      'st.user_id as id',
      'st.node_uuid as uuid',
      'u.devices_allowed',
      'u.standard_expires_at',
      'u.lite_expires_at',
      't.enabled',
      't.last_enabled_at',
    ])
    .where('st.revoked_at', 'is', null)
    .where('st.node_uuid', 'is not', null)
    .where('u.deleted_at', 'is', null)
    .where('t.enabled', '=', 1);
  // The database narrows to members with time left; the domain decides.
  query =
    access === 'standard'
      ? query.where('u.standard_expires_at', '>', now)
      : query.where((eb) =>
          eb.or([eb('u.standard_expires_at', '>', now), eb('u.lite_expires_at', '>', now)]),
        );
  const rows = await query.orderBy('st.user_id').execute();

  let validUntil = Number.POSITIVE_INFINITY;
  const members = new Map<number, FeedMember>();
  const users: FeedMember[] = [];
  for (const row of rows) {
    const membership = {
      standardExpiresAt: row.standard_expires_at === null ? null : Number(row.standard_expires_at),
      liteExpiresAt: row.lite_expires_at === null ? null : Number(row.lite_expires_at),
    };
    for (const expiry of [membership.standardExpiresAt, membership.liteExpiresAt])
      if (expiry !== null && expiry > now) validUntil = Math.min(validUntil, expiry);
    if (row.uuid === null || !nodeOpenTo(access, membership, now)) continue;
    const member: FeedMember = {
      id: row.id,
      uuid: row.uuid,
      speed_limit: feedSpeedLimitMbps({
        enabled: row.enabled === 1,
        lastEnabledAt: row.last_enabled_at === null ? null : Number(row.last_enabled_at),
      }),
      device_limit: feedDeviceLimit(row.devices_allowed),
    };
    members.set(member.id, member);
    users.push(member);
  }
  const body = JSON.stringify({ users });
  const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
  return { list: { body, etag, members }, validUntil };
}

/** The member lists of this process, one per access level. */
export class FeedMembers {
  private readonly cached = new Map<NodeAccess, Cached>();
  private readonly building = new Map<NodeAccess, Promise<Cached>>();

  constructor(private readonly db: Db) {}

  async list(access: NodeAccess, now: number): Promise<FeedList> {
    const version = await dataVersion(this.db);
    const hit = this.cached.get(access);
    if (hit && hit.version === version && now < hit.validUntil) return hit.list;
    // Pulls of several nodes arriving together wait for one build.
    let pending = this.building.get(access);
    if (!pending) {
      pending = buildList(this.db, access, now)
        .then(({ list, validUntil }) => {
          const entry = { version, validUntil, list };
          this.cached.set(access, entry);
          return entry;
        })
        .finally(() => this.building.delete(access));
      this.building.set(access, pending);
    }
    return (await pending).list;
  }
}
