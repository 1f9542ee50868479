import {
  feedDeviceLimit,
  feedSpeedLimitMbps,
  isNodeUuid,
  type Membership,
  type NodeAccess,
} from '@nimbus/domain';
import { rowsPerStatement } from '../db/batches.ts';
import type { Db } from '../db/database.ts';
import { userColumns, usersWrittenAt, usersWrittenSince } from '../accounts/index.ts';

/**
 * The rows the node feed is built from: every holder of a working subscription link (third-party
 * client on, link not reset, account not deleted or suspended) with time left, read all at once
 * or only for the members whose rows were written since a given time. Every write that changes
 * who is on a list, or their entry, moves one of three indexed write times: `users.updated_at`
 * (plan bought, extended, refunded or changed; devices; suspension; deletion),
 * `third_party_clients.updated_at` (switched on or off) and `subscription_tokens.created_at` (a
 * link issued; a reset revokes the old link in the same transaction, at the same time).
 */

export interface FeedMember {
  id: number;
  uuid: string;
  speed_limit: number;
  device_limit: number;
}

/** A link holder as read from the database, with the JSON of their feed entry. */
export interface Candidate {
  membership: Membership;
  /** Over the traffic quota until then (the cycle's next reset): not listed before. */
  overQuotaUntil: number | null;
  member: FeedMember;
  json: string;
}

/** The newest write time of each table the feed reads (null for an empty table). */
export interface FeedDataVersion {
  users: number | null;
  switches: number | null;
  links: number | null;
}

const asTime = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** What the lists are built from changed when any of these moved: three reads of an index. */
export async function feedDataVersion(db: Db): Promise<FeedDataVersion> {
  const row = await db
    .selectNoFrom((eb) => [
      usersWrittenAt(db).as('users'),
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
  return { users: asTime(row.users), switches: asTime(row.switches), links: asTime(row.links) };
}

/**
 * The users whose feed rows were written at or after each table's `since` time (by the write-time
 * indexes); more than `limit` of them answers undefined (read everything instead).
 */
export async function feedUsersWrittenSince(
  db: Db,
  since: { users: number; switches: number; links: number },
  limit: number,
): Promise<number[] | undefined> {
  const rows = await usersWrittenSince(db, since.users)
    .union(
      db
        .selectFrom('third_party_clients')
        .select('user_id')
        .where('updated_at', '>=', since.switches),
    )
    .union(
      db.selectFrom('subscription_tokens').select('user_id').where('created_at', '>=', since.links),
    )
    .limit(limit + 1)
    .execute();
  return rows.length > limit ? undefined : rows.map((r) => r.user_id);
}

/**
 * The link holders with time left at `now` for nodes of this access level (all of them, or those
 * among `userIds`), in user id order; the domain decides who is in at a given time.
 */
export async function readFeedCandidates(
  db: Db,
  access: NodeAccess,
  now: number,
  userIds?: readonly number[],
): Promise<Candidate[]> {
  if (userIds === undefined) return candidatesOf(await readCandidateRows(db, access, now));
  const candidates: Candidate[] = [];
  const sorted = [...userIds].sort((a, b) => a - b);
  // One bound parameter a user (the `in` list); the statement's own (`now`, enabled) stay free.
  const batch = rowsPerStatement(db, 1);
  for (let i = 0; i < sorted.length; i += batch)
    candidates.push(
      ...candidatesOf(await readCandidateRows(db, access, now, sorted.slice(i, i + batch))),
    );
  return candidates;
}

/** The rows behind readFeedCandidates (apart for the bench, which times each stage). */
export function readCandidateRows(
  db: Db,
  access: NodeAccess,
  now: number,
  userIds?: readonly number[],
) {
  let query = db
    .selectFrom('subscription_tokens as st')
    .innerJoin(
      userColumns(db, [
        'id',
        'devices_allowed',
        'standard_expires_at',
        'lite_expires_at',
        'deleted_at',
        'suspended_at',
        'over_quota_until',
      ]).as('u'),
      'u.id',
      'st.user_id',
    )
    .innerJoin('third_party_clients as t', 't.user_id', 'st.user_id')
    .select([
      'st.user_id as id',
      'st.node_uuid as uuid',
      'u.devices_allowed',
      'u.standard_expires_at',
      'u.lite_expires_at',
      'u.over_quota_until',
      't.last_enabled_at',
    ])
    .where('st.revoked_at', 'is', null)
    .where('st.node_uuid', 'is not', null)
    .where('u.deleted_at', 'is', null)
    // A suspended account's credentials leave the feed (its updated_at moved, so the cache too).
    .where('u.suspended_at', 'is', null)
    .where('t.enabled', '=', 1);
  if (userIds !== undefined) query = query.where('st.user_id', 'in', userIds);
  // The database narrows to members with time left; the domain decides.
  query =
    access === 'standard'
      ? query.where('u.standard_expires_at', '>', now)
      : query.where((eb) =>
          eb.or([eb('u.standard_expires_at', '>', now), eb('u.lite_expires_at', '>', now)]),
        );
  return query.orderBy('st.user_id').execute();
}

type CandidateRow = Awaited<ReturnType<typeof readCandidateRows>>[number];

export function candidatesOf(rows: readonly CandidateRow[]): Candidate[] {
  const candidates: Candidate[] = [];
  for (const row of rows) {
    // Only a well-formed UUID reaches the body, which is written without escaping below.
    if (row.uuid === null || !isNodeUuid(row.uuid)) continue;
    const member: FeedMember = {
      id: row.id,
      uuid: row.uuid,
      // Every row here has the client on (the query asks for it).
      speed_limit: feedSpeedLimitMbps({
        enabled: true,
        lastEnabledAt: asTime(row.last_enabled_at),
      }),
      device_limit: feedDeviceLimit(row.devices_allowed),
    };
    candidates.push({
      membership: {
        standardExpiresAt: asTime(row.standard_expires_at),
        liteExpiresAt: asTime(row.lite_expires_at),
      },
      overQuotaUntil: asTime(row.over_quota_until),
      member,
      // JSON.stringify of 100,000 objects is a third of a rebuild; the shape is fixed.
      json: `{"id":${member.id},"uuid":"${member.uuid}","speed_limit":${member.speed_limit},"device_limit":${member.device_limit}}`,
    });
  }
  return candidates;
}
