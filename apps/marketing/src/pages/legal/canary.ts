/**
 * The day the warrant canary was last reviewed and republished (`YYYY-MM-DD`, UTC). The statement
 * is a person's assertion, so its date is too: whoever reviews the canary changes this line in a
 * commit of its own; the page shows it and, three months on, when the next review is due
 * (`canaryReviewDue` in `@nimbus/domain`). Not the build date: a canary that re-dated itself on
 * every deployment would keep saying "nothing received" after the reviews had stopped, which is
 * the one thing a canary must not do.
 */
export const CANARY_REVIEWED_ON = '2026-11-26';
