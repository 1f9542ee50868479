// The node feed's list, timed stage by stage inside one process on the bench's database (these
// depend less on the machine's load than a pull through HTTP): reading the rows, making each
// member's JSON, listing the blocks (their text and SHA-1), the gzip, the plain body; then what a
// kept list costs after one member's row changed and after a plan ran out.
import type { NodeAccess } from '@nimbus/domain';
import type { Db } from '../src/db/database.ts';
import { blocksOf, FeedList } from '../src/nodes/feed-body.ts';
import { FeedMembers } from '../src/nodes/feed-members.ts';
import { candidatesOf, readCandidateRows } from '../src/nodes/feed-rows.ts';

export interface FeedStages {
  rowsMs: number;
  candidatesMs: number;
  listMs: number;
  gzipMs: number;
  gzipMb: number;
  bodyMs: number;
  /** A kept list after one member's row changed: the refresh, then its gzip. */
  changeMs: number;
  changeGzipMs: number;
  /** The list and its gzip after a member's plan ran out (no row read). */
  expiryMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

async function timed<T>(into: number[], run: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  const result = await run();
  into.push(performance.now() - started);
  return result;
}

/** Median of `runs` of each stage, for a list of `access` at `now`; touches one member's row. */
export async function feedStages(
  db: Db,
  options: { access?: NodeAccess; now: number; touchUserId: number; runs?: number },
): Promise<FeedStages> {
  const access = options.access ?? 'standard';
  const t = {
    rows: [] as number[],
    candidates: [] as number[],
    list: [] as number[],
    gzip: [] as number[],
    body: [] as number[],
    change: [] as number[],
    changeGzip: [] as number[],
    expiry: [] as number[],
  };
  let gzipBytes = 0;
  for (let run = 0; run < (options.runs ?? 3); run++) {
    const now = options.now + run;
    const rows = await timed(t.rows, () => readCandidateRows(db, access, now));
    const candidates = await timed(t.candidates, () => candidatesOf(rows));
    const blocks = blocksOf(candidates);
    const keys = [...blocks.keys()].sort((a, b) => a - b);
    const listAt = (at: number) =>
      new FeedList(
        keys
          .map((key) => blocks.get(key)?.refresh(access, at))
          .filter((view) => view !== undefined && view.text !== '') as ConstructorParameters<
          typeof FeedList
        >[0],
      );
    const list = await timed(t.list, () => listAt(now));
    gzipBytes = (await timed(t.gzip, () => list.gzipped())).length;
    await timed(t.body, () => list.body());

    const kept = new FeedMembers(db);
    await kept.list(access, now);
    await (await kept.list(access, now)).gzipped();
    // A member's row is written (a new plan's devices): one block is listed and compressed anew.
    const { newest } = await db
      .selectFrom('users')
      .select((eb) => eb.fn.max('updated_at').as('newest'))
      .executeTakeFirstOrThrow();
    await db
      .updateTable('users')
      .set({ updated_at: Number(newest) + 1, devices_allowed: 4 + run })
      .where('id', '=', options.touchUserId)
      .execute();
    const changed = await timed(t.change, () => kept.list(access, now + 1000));
    await timed(t.changeGzip, () => changed.gzipped());
    if (kept.lastRefresh?.kind !== 'changes') throw new Error('the change was not read alone');
    // The first plan ahead runs out: its block is listed and compressed anew, the others kept.
    const firstExpiry = Math.min(
      ...candidates.map((c) => c.membership.standardExpiresAt ?? Number.POSITIVE_INFINITY),
    );
    await timed(t.expiry, () => listAt(firstExpiry).gzipped());
  }
  return {
    rowsMs: round(median(t.rows)),
    candidatesMs: round(median(t.candidates)),
    listMs: round(median(t.list)),
    gzipMs: round(median(t.gzip)),
    gzipMb: Math.round(gzipBytes / 1e4) / 100,
    bodyMs: round(median(t.body)),
    changeMs: round(median(t.change)),
    changeGzipMs: round(median(t.changeGzip)),
    expiryMs: round(median(t.expiry)),
  };
}
