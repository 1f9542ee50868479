import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { MS_PER_DAY } from '@nimbus/domain';
import { describe, expect, test } from 'vitest';
import { BLOCK_IDS, blocksOf, FeedList, mergeInto } from '../../src/nodes/feed-body.ts';
import type { Candidate } from '../../src/nodes/feed-rows.ts';

// The list body is kept in blocks of ids and its gzip is joined from blocks compressed apart:
// whatever the blocks, a gzip reader must get exactly the plain body, which must be the JSON of
// the members in id order.

const NOW = Date.UTC(2026, 10, 26, 12);

function candidate(id: number, expiresAt = NOW + 30 * MS_PER_DAY, uuid = randomUUID()): Candidate {
  const member = { id, uuid, speed_limit: 10, device_limit: 3 };
  return {
    membership: { standardExpiresAt: expiresAt, liteExpiresAt: null },
    overQuotaUntil: null,
    member,
    json: JSON.stringify(member),
  };
}

function listOf(blocks: ReturnType<typeof blocksOf>, now = NOW): FeedList {
  const keys = [...blocks.keys()].sort((a, b) => a - b);
  const views = keys
    .map((key) => blocks.get(key)?.refresh('standard', now))
    .filter((view) => view !== undefined && view.text !== '');
  return new FeedList(views as ConstructorParameters<typeof FeedList>[0]);
}

describe('the member list in blocks', () => {
  test('spread over many blocks, the gzip is the plain body and the body the members in order', async () => {
    // Ids over seven blocks, one of them with nobody left by time.
    const candidates = Array.from({ length: 900 }, (_, i) => candidate(3 + i * 8));
    const gone = candidates.filter((c) => Math.floor(c.member.id / BLOCK_IDS) === 2);
    for (const c of gone) c.membership = { standardExpiresAt: NOW - 1, liteExpiresAt: null };
    const list = listOf(blocksOf(candidates));

    const body = JSON.parse(list.body()) as { users: Array<{ id: number }> };
    const expected = candidates.filter((c) => !gone.includes(c)).map((c) => c.member);
    expect(body).toEqual({ users: expected });
    expect(gunzipSync(await list.gzipped()).toString()).toBe(list.body());
    expect(list.has(expected[0]?.id ?? 0)).toBe(true);
    expect(list.has(gone[0]?.member.id ?? 0)).toBe(false);
    expect(list.has(4)).toBe(false);
    expect(list.has(BLOCK_IDS * 50)).toBe(false);
  });

  test('an empty list is {"users":[]}, plain and gzipped', async () => {
    const list = listOf(blocksOf([]));
    expect(list.body()).toBe('{"users":[]}');
    expect(gunzipSync(await list.gzipped()).toString()).toBe('{"users":[]}');
  });

  test('merging changed members gives the list built from scratch, and a new ETag', async () => {
    const candidates = Array.from({ length: 3000 }, (_, i) => candidate(1 + i));
    const blocks = blocksOf(candidates);
    const before = listOf(blocks);
    await before.gzipped();

    // One member's link changes, one leaves, one joins in a new block, one in the first.
    const changed = candidate(1500);
    const joined = [candidate(BLOCK_IDS * 9 + 5), candidate(0)];
    mergeInto(blocks, [1500, 2000, BLOCK_IDS * 9 + 5, 0], [changed, ...joined]);
    const after = listOf(blocks);

    const expected = [joined[1], ...candidates.filter((c) => c.member.id !== 2000), joined[0]]
      .map((c) => (c?.member.id === 1500 ? changed : c))
      .filter((c) => c !== undefined);
    const scratch = listOf(blocksOf(expected));
    expect(after.body()).toBe(scratch.body());
    expect(after.etag).toBe(scratch.etag);
    expect(after.etag).not.toBe(before.etag);
    expect(gunzipSync(await after.gzipped()).toString()).toBe(after.body());
    // The list served before is unchanged by the merge.
    expect(JSON.parse(before.body())).toEqual({ users: candidates.map((c) => c.member) });
  });
});
