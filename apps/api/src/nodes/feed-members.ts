import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import {
  feedDeviceLimit,
  feedSpeedLimitMbps,
  isNodeUuid,
  nodeOpenTo,
  type NodeAccess,
} from '@nimbus/domain';
import type { Db } from '../db/database.ts';

/**
 * The members a node lets in: every member holding a working subscription link (the
 * third-party client on, the link not reset, the account not deleted) whose plan reaches the
 * node now (domain nodeOpenTo), with the link's UUID and the domain's speed and device limits.
 *
 * Nodes of one access level get the same list, so it is built once per level and kept with the
 * ETag of its body (and its gzip). The rows it comes from are read again only when they change
 * (newest users, third_party_clients and subscription_tokens write times, read by index); when
 * only time passes a member's expiry, the list is recomputed from the rows already read. A pull
 * whose list did not change costs one indexed query, and several processes sharing the database
 * stay correct: a change is seen at the next pull, or at the latest FEED_ROWS_MAX_AGE_MS later.
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
  /** The body gzipped (node software asks for gzip), made once per list off the main thread. */
  gzipped: Promise<Buffer>;
}

/** A link holder as read from the database, with the JSON of their feed entry. */
interface Candidate {
  membership: { standardExpiresAt: number | null; liteExpiresAt: number | null };
  member: FeedMember;
  json: string;
}

/**
 * Rows are read again at least this often, whatever the change check says: two writes in the
 * same millisecond, or processes whose clocks are apart, can leave the newest write time as it
 * was. Nodes pull every minute, so this bounds how late such a change reaches them.
 */
export const FEED_ROWS_MAX_AGE_MS = 30_000;

interface Cached {
  version: string;
  readAt: number;
  validUntil: number;
  candidates: Candidate[];
  list: FeedList;
}

const gzipAsync = promisify(gzip);

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

/** Every link holder with time left, read once; the domain decides who is in at a given time. */
async function readCandidates(db: Db, access: NodeAccess, now: number): Promise<Candidate[]> {
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
    // A suspended account's credentials leave the feed (its updated_at moved, so the cache too).
    .where('u.suspended_at', 'is', null)
    .where('t.enabled', '=', 1);
  // The database narrows to members with time left; the domain decides.
  query =
    access === 'standard'
      ? query.where('u.standard_expires_at', '>', now)
      : query.where((eb) =>
          eb.or([eb('u.standard_expires_at', '>', now), eb('u.lite_expires_at', '>', now)]),
        );
  const rows = await query.orderBy('st.user_id').execute();
  const candidates: Candidate[] = [];
  for (const row of rows) {
    // Only a well-formed UUID reaches the body, which is written without escaping below.
    if (row.uuid === null || !isNodeUuid(row.uuid)) continue;
    const member: FeedMember = {
      id: row.id,
      uuid: row.uuid,
      speed_limit: feedSpeedLimitMbps({
        enabled: row.enabled === 1,
        lastEnabledAt: row.last_enabled_at === null ? null : Number(row.last_enabled_at),
      }),
      device_limit: feedDeviceLimit(row.devices_allowed),
    };
    candidates.push({
      membership: {
        standardExpiresAt:
          row.standard_expires_at === null ? null : Number(row.standard_expires_at),
        liteExpiresAt: row.lite_expires_at === null ? null : Number(row.lite_expires_at),
      },
      member,
      // JSON.stringify of 100,000 objects is a third of a rebuild; the shape is fixed.
      json: `{"id":${member.id},"uuid":"${member.uuid}","speed_limit":${member.speed_limit},"device_limit":${member.device_limit}}`,
    });
  }
  return candidates;
}

/**
 * The list at `now` from the candidates: who the domain lets in, the body and its ETag, and until
 * when it holds (the first expiry still ahead).
 */
function listAt(
  candidates: readonly Candidate[],
  access: NodeAccess,
  now: number,
): { list: FeedList; validUntil: number } {
  let validUntil = Number.POSITIVE_INFINITY;
  const members = new Map<number, FeedMember>();
  const parts: string[] = [];
  for (const candidate of candidates) {
    const { standardExpiresAt, liteExpiresAt } = candidate.membership;
    for (const expiry of [standardExpiresAt, liteExpiresAt])
      if (expiry !== null && expiry > now) validUntil = Math.min(validUntil, expiry);
    if (!nodeOpenTo(access, candidate.membership, now)) continue;
    members.set(candidate.member.id, candidate.member);
    parts.push(candidate.json);
  }
  const body = `{"users":[${parts.join(',')}]}`;
  const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
  const gzipped = gzipAsync(body, { level: 6 });
  // Served only when asked for; a failure here shows when it is awaited.
  gzipped.catch(() => undefined);
  return { list: { body, etag, members, gzipped }, validUntil };
}

/** The member lists of this process, one per access level. */
export class FeedMembers {
  private readonly cached = new Map<NodeAccess, Cached>();
  private readonly building = new Map<NodeAccess, Promise<Cached>>();

  constructor(private readonly db: Db) {}

  async list(access: NodeAccess, now: number): Promise<FeedList> {
    const version = await dataVersion(this.db);
    const hit = this.cached.get(access);
    if (hit && hit.version === version && now - hit.readAt < FEED_ROWS_MAX_AGE_MS) {
      if (now < hit.validUntil) return hit.list;
      // Only time moved (someone's plan ran out): the rows read are still the rows.
      const next = listAt(hit.candidates, access, now);
      const entry = { ...hit, ...next };
      this.cached.set(access, entry);
      return entry.list;
    }
    // Pulls of several nodes arriving together wait for one read.
    let pending = this.building.get(access);
    if (!pending) {
      pending = readCandidates(this.db, access, now)
        .then((candidates) => {
          const entry = { version, readAt: now, candidates, ...listAt(candidates, access, now) };
          this.cached.set(access, entry);
          return entry;
        })
        .finally(() => this.building.delete(access));
      this.building.set(access, pending);
    }
    return (await pending).list;
  }
}
