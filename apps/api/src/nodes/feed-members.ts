import type { NodeAccess } from '@nimbus/domain';
import type { Db } from '../db/database.ts';
import { blocksOf, FeedList, mergeInto, type FeedBlock } from './feed-body.ts';
import {
  feedDataVersion,
  feedUsersWrittenSince,
  readFeedCandidates,
  type FeedDataVersion,
} from './feed-rows.ts';

export { FeedList } from './feed-body.ts';

/**
 * The members a node lets in: every member holding a working subscription link (the
 * third-party client on, the link not reset, the account not deleted) whose plan reaches the
 * node now (domain nodeOpenTo), with the link's UUID and the domain's speed and device limits.
 *
 * Nodes of one access level get the same list, so it is kept once per level, in blocks of ids
 * (feed-body.ts). Each pull first reads the newest write time of the three tables the list
 * comes from (by index). When one moved, only the members whose rows were written since (less
 * FEED_CHANGE_SLACK_MS) are read again and merged in, and only their blocks are listed and
 * compressed anew; when only time passes a member's expiry, only that block is. A pull whose list
 * did not change costs one indexed query, and several processes sharing the database stay
 * correct: a change is seen at the next pull (see the intervals below for the rare exceptions).
 */

/**
 * Rows written up to this long before the newest write time already seen are read again with
 * each change: a transaction stamps its writes when it starts and commits a little later, so a
 * write can land with a time older than one already seen (and processes' clocks differ a little).
 */
export const FEED_CHANGE_SLACK_MS = 60_000;
/**
 * Even when no write time moved, the rows written within the slack are read again this often: a
 * write committed after a later-stamped one was seen moves no maximum, and would otherwise wait
 * for the next change. Cheap (an index range of recent writes).
 */
export const FEED_SWEEP_MS = 30_000;
/**
 * Everything is read again at least this often: the net under writes more than the slack late
 * (a transaction open for minutes, a process whose clock is far behind). A full read of 100,000
 * members is about half a second of the server's time, so not every 30 s as before incremental
 * reads; nodes pull every minute, so this bounds how late such a change reaches them.
 */
export const FEED_ROWS_MAX_AGE_MS = 10 * 60_000;

/** More changed members than this share of the list (or 1,000) are read as a full read. */
const INCREMENTAL_SHARE = 0.25;

interface Cached {
  version: FeedDataVersion;
  readAt: number;
  checkedAt: number;
  blocks: Map<number, FeedBlock>;
  candidates: number;
  list: FeedList;
  validUntil: number;
}

/** What the last refresh of a list did, and how long its parts took (for the bench). */
export interface FeedRefresh {
  kind: 'full' | 'changes' | 'time';
  /** Members read from the database. */
  rows: number;
  readMs: number;
  listMs: number;
}

const sameVersion = (a: FeedDataVersion, b: FeedDataVersion) =>
  a.users === b.users && a.switches === b.switches && a.links === b.links;

const since = (time: number | null) => (time === null ? 0 : time - FEED_CHANGE_SLACK_MS);

/** The member lists of this process, one per access level. */
export class FeedMembers {
  private readonly cached = new Map<NodeAccess, Cached>();
  private readonly refreshing = new Map<NodeAccess, Promise<Cached>>();
  lastRefresh: FeedRefresh | undefined;

  constructor(private readonly db: Db) {}

  async list(access: NodeAccess, now: number): Promise<FeedList> {
    const version = await feedDataVersion(this.db);
    const hit = this.cached.get(access);
    if (
      hit &&
      now - hit.readAt < FEED_ROWS_MAX_AGE_MS &&
      now - hit.checkedAt < FEED_SWEEP_MS &&
      sameVersion(hit.version, version)
    ) {
      // Only time moved (someone's plan ran out): the rows read are still the rows.
      if (now >= hit.validUntil) this.relist(hit, access, now, 'time', 0, 0);
      return hit.list;
    }
    // Pulls of several nodes arriving together wait for one read.
    let pending = this.refreshing.get(access);
    if (!pending) {
      pending = this.refresh(access, version, now, hit).finally(() =>
        this.refreshing.delete(access),
      );
      this.refreshing.set(access, pending);
    }
    return (await pending).list;
  }

  private async refresh(
    access: NodeAccess,
    version: FeedDataVersion,
    now: number,
    hit: Cached | undefined,
  ): Promise<Cached> {
    const started = performance.now();
    if (hit && now - hit.readAt < FEED_ROWS_MAX_AGE_MS) {
      const changed = await feedUsersWrittenSince(
        this.db,
        {
          users: since(hit.version.users),
          switches: since(hit.version.switches),
          links: since(hit.version.links),
        },
        Math.max(1000, Math.floor(hit.candidates * INCREMENTAL_SHARE)),
      );
      if (changed !== undefined) {
        const fresh =
          changed.length > 0 ? await readFeedCandidates(this.db, access, now, changed) : [];
        mergeInto(hit.blocks, changed, fresh);
        hit.version = version;
        hit.checkedAt = now;
        const readMs = performance.now() - started;
        this.relist(hit, access, now, 'changes', changed.length, readMs);
        return hit;
      }
    }
    const candidates = await readFeedCandidates(this.db, access, now);
    const readMs = performance.now() - started;
    const entry: Cached = {
      version,
      readAt: now,
      checkedAt: now,
      blocks: blocksOf(candidates),
      candidates: candidates.length,
      list: new FeedList([]),
      validUntil: Number.NEGATIVE_INFINITY,
    };
    this.relist(entry, access, now, 'full', candidates.length, readMs);
    this.cached.set(access, entry);
    return entry;
  }

  /** Lists the blocks at `now` (only those past their first expiry or with new rows anew). */
  private relist(
    entry: Cached,
    access: NodeAccess,
    now: number,
    kind: FeedRefresh['kind'],
    rows: number,
    readMs: number,
  ): void {
    const started = performance.now();
    const keys = [...entry.blocks.keys()].sort((a, b) => a - b);
    const views = [];
    let validUntil = Number.POSITIVE_INFINITY;
    let candidates = 0;
    for (const key of keys) {
      const block = entry.blocks.get(key);
      if (!block) continue;
      const view = block.refresh(access, now);
      if (block.candidates.length === 0) entry.blocks.delete(key);
      validUntil = Math.min(validUntil, block.until);
      candidates += block.candidates.length;
      if (view.text !== '') views.push(view);
    }
    const list = new FeedList(views);
    if (list.etag !== entry.list.etag) entry.list = list;
    entry.validUntil = validUntil;
    entry.candidates = candidates;
    this.lastRefresh = { kind, rows, readMs, listMs: performance.now() - started };
  }
}
