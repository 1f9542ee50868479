/** A site notice as the display config serves it (a banner in every app). */
export interface SiteNoticeTiming {
  id: string;
  /** UTC ms; null: from now on. */
  startsAt: number | null;
  /** UTC ms, exclusive; null: until removed. */
  endsAt: number | null;
}

/** Whether a notice is shown at `now`: started (or no start) and not yet ended. */
export function noticeInForce(notice: Omit<SiteNoticeTiming, 'id'>, now: number): boolean {
  return (
    (notice.startsAt === null || notice.startsAt <= now) &&
    (notice.endsAt === null || now < notice.endsAt)
  );
}

/**
 * The notices a visitor sees: those in force, minus the ones this visitor dismissed (by id, so
 * a notice edited under the same id stays dismissed and a new id shows again).
 */
export function visibleNotices<N extends SiteNoticeTiming>(
  notices: readonly N[],
  dismissedIds: ReadonlySet<string>,
  now: number,
): N[] {
  return notices.filter((n) => noticeInForce(n, now) && !dismissedIds.has(n.id));
}
