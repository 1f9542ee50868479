import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';
import { nodeOpenTo, type NodeAccess } from '@nimbus/domain';
import type { Candidate } from './feed-rows.ts';

/**
 * A node's member list as served, kept in blocks of user ids so that a change costs the blocks it
 * touches, not the list: each block keeps its entries' JSON, its SHA-1 and its compressed bytes,
 * and a list is the blocks in id order. The ETag is the SHA-1 of the blocks' SHA-1s (a strong
 * validator: the body is a function of the blocks' texts). The gzip body is one ordinary gzip
 * member: each block is compressed on its own as raw deflate ending in a sync flush (as pigz
 * does), the segments are joined between a gzip header and trailer (CRC-32 over the blocks'
 * bytes, length), so any gzip reader takes it; blocks compress once, when a node first asks.
 */

/** Members with ids in [key × BLOCK_IDS, (key + 1) × BLOCK_IDS) share a block. */
export const BLOCK_IDS = 1024;

/**
 * Level 1: the UUIDs are random and barely compress. On 100,000 members' 9.3 MB (blocks
 * compressed in parallel, timed in-process by the node-feed bench) level 6 gave 2.49 MB in 479 ms
 * at load 10, level 1 2.52 MB in 291 ms at load 17.
 */
const GZIP_LEVEL = 1;

const deflateRawAsync = promisify(deflateRaw);
const HEAD = '{"users":[';
const TAIL = ']}';
const COMMA = Buffer.from(',');
/** RFC 1952 header: deflate, no name or time, unknown OS (255). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
const HEAD_DEFLATED = deflateRawSync(HEAD, {
  level: GZIP_LEVEL,
  finishFlush: constants.Z_SYNC_FLUSH,
});
const TAIL_DEFLATED = deflateRawSync(TAIL, { level: GZIP_LEVEL });

/** One block's entries at some moment: immutable but for what it computes once when asked. */
class BlockView {
  readonly digest: string;
  private bytes?: Buffer;
  private readonly deflated: [Promise<Buffer>?, Promise<Buffer>?] = [];

  constructor(
    /** The entries' JSON, comma-separated. */
    readonly text: string,
    /** The member ids listed, ascending. */
    readonly ids: readonly number[],
    /** The sum of the listed members' device limits. */
    readonly devices = 0,
  ) {
    this.digest = createHash('sha1').update(text).digest('hex');
  }

  utf8(): Buffer {
    this.bytes ??= Buffer.from(this.text);
    return this.bytes;
  }

  /** Raw deflate of the text (after a comma unless it is the list's first), ending in a flush. */
  deflate(leadingComma: boolean): Promise<Buffer> {
    const index = leadingComma ? 1 : 0;
    let pending = this.deflated[index];
    if (!pending) {
      const input = leadingComma ? Buffer.concat([COMMA, this.utf8()]) : this.utf8();
      pending = deflateRawAsync(input, { level: GZIP_LEVEL, finishFlush: constants.Z_SYNC_FLUSH });
      this.deflated[index] = pending;
    }
    return pending;
  }

  has(id: number): boolean {
    let low = 0;
    let high = this.ids.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const at = this.ids[mid] ?? 0;
      if (at === id) return true;
      if (at < id) low = mid + 1;
      else high = mid - 1;
    }
    return false;
  }
}

const EMPTY = new BlockView('', []);

/** The link holders of one block of ids, and what they list at the last refresh. */
export class FeedBlock {
  private validUntil = Number.NEGATIVE_INFINITY;
  view: BlockView = EMPTY;

  /** @param candidates in id order */
  constructor(public candidates: Candidate[]) {}

  /** New rows for the block: it is listed anew at the next refresh. */
  replace(candidates: Candidate[]): void {
    this.candidates = candidates;
    this.validUntil = Number.NEGATIVE_INFINITY;
  }

  /** The view at `now` (recomputed only past the block's first expiry or after new rows). */
  refresh(access: NodeAccess, now: number): BlockView {
    if (now < this.validUntil) return this.view;
    let validUntil = Number.POSITIVE_INFINITY;
    const kept: Candidate[] = [];
    const parts: string[] = [];
    const ids: number[] = [];
    let devices = 0;
    for (const candidate of this.candidates) {
      const { standardExpiresAt, liteExpiresAt } = candidate.membership;
      let ahead = false;
      for (const expiry of [standardExpiresAt, liteExpiresAt])
        if (expiry !== null && expiry > now) {
          validUntil = Math.min(validUntil, expiry);
          ahead = true;
        }
      // Time only runs out: a member with none ahead comes back only with a write of their row.
      if (!ahead) continue;
      kept.push(candidate);
      if (!nodeOpenTo(access, candidate.membership, now)) continue;
      // Over the traffic quota: back when the cycle resets (a top-up rewrites the row).
      const { overQuotaUntil } = candidate;
      if (overQuotaUntil !== null && overQuotaUntil > now) {
        validUntil = Math.min(validUntil, overQuotaUntil);
        continue;
      }
      parts.push(candidate.json);
      ids.push(candidate.member.id);
      devices += candidate.member.device_limit;
    }
    this.candidates = kept;
    this.validUntil = validUntil;
    const text = parts.join(',');
    if (text !== this.view.text)
      this.view = text === '' ? EMPTY : new BlockView(text, ids, devices);
    return this.view;
  }

  get until(): number {
    return this.validUntil;
  }
}

/** A list as served: its ETag, and its body plain or gzipped, each made once when first asked. */
export class FeedList {
  readonly etag: string;
  /** How many members the list holds, and the sum of their device limits. */
  readonly members: number;
  readonly devices: number;
  private plain?: string;
  private gzip?: Promise<Buffer>;

  /** @param views the non-empty blocks in id order */
  constructor(private readonly views: readonly BlockView[]) {
    const hash = createHash('sha1');
    for (const view of views) hash.update(view.digest);
    this.etag = `"${hash.digest('hex')}"`;
    this.members = views.reduce((n, view) => n + view.ids.length, 0);
    this.devices = views.reduce((n, view) => n + view.devices, 0);
  }

  /** The JSON body `{"users":[...]}` exactly as served. */
  body(): string {
    this.plain ??= `${HEAD}${this.views.map((v) => v.text).join(',')}${TAIL}`;
    return this.plain;
  }

  /** The body gzipped (node software asks for gzip), compressed off the main thread. */
  gzipped(): Promise<Buffer> {
    this.gzip ??= this.assemble();
    return this.gzip;
  }

  /** Whether the member is on the list. */
  has(userId: number): boolean {
    const key = Math.floor(userId / BLOCK_IDS);
    let low = 0;
    let high = this.views.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const view = this.views[mid] ?? EMPTY;
      const first = view.ids[0] ?? 0;
      const viewKey = Math.floor(first / BLOCK_IDS);
      if (viewKey === key) return view.has(userId);
      if (viewKey < key) low = mid + 1;
      else high = mid - 1;
    }
    return false;
  }

  private async assemble(): Promise<Buffer> {
    const segments = await Promise.all(this.views.map((v, i) => v.deflate(i > 0)));
    let crc = crc32(HEAD);
    let length = HEAD.length + TAIL.length;
    this.views.forEach((view, i) => {
      if (i > 0) crc = crc32(COMMA, crc);
      crc = crc32(view.utf8(), crc);
      length += view.utf8().length + (i > 0 ? 1 : 0);
    });
    crc = crc32(TAIL, crc);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(length % 2 ** 32, 4);
    return Buffer.concat([GZIP_HEADER, HEAD_DEFLATED, ...segments, TAIL_DEFLATED, trailer]);
  }
}

/** Candidates in id order, by block. */
export function blocksOf(candidates: readonly Candidate[]): Map<number, FeedBlock> {
  const blocks = new Map<number, FeedBlock>();
  let key = Number.NaN;
  let current: Candidate[] = [];
  for (const candidate of candidates) {
    const at = Math.floor(candidate.member.id / BLOCK_IDS);
    if (at !== key) {
      if (current.length > 0) blocks.set(key, new FeedBlock(current));
      key = at;
      current = [];
    }
    current.push(candidate);
  }
  if (current.length > 0) blocks.set(key, new FeedBlock(current));
  return blocks;
}

/**
 * Replaces the rows of the users in `userIds` with `fresh` (theirs as read again; a user missing
 * from it has left), block by block.
 */
export function mergeInto(
  blocks: Map<number, FeedBlock>,
  userIds: readonly number[],
  fresh: readonly Candidate[],
): void {
  const changed = new Map<number, Set<number>>();
  for (const id of userIds) {
    const key = Math.floor(id / BLOCK_IDS);
    let set = changed.get(key);
    if (!set) changed.set(key, (set = new Set()));
    set.add(id);
  }
  const incoming = new Map<number, Candidate[]>();
  for (const candidate of fresh) {
    const key = Math.floor(candidate.member.id / BLOCK_IDS);
    let list = incoming.get(key);
    if (!list) incoming.set(key, (list = []));
    list.push(candidate);
  }
  for (const [key, ids] of changed) {
    const block = blocks.get(key);
    const next = (block?.candidates ?? [])
      .filter((c) => !ids.has(c.member.id))
      .concat(incoming.get(key) ?? [])
      .sort((a, b) => a.member.id - b.member.id);
    if (next.length === 0) blocks.delete(key);
    else if (block) block.replace(next);
    else blocks.set(key, new FeedBlock(next));
  }
}
