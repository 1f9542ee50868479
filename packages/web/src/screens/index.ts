/**
 * @nimbus/web/screens: the building blocks with text of the signed-in screens the account centre
 * and the KOL dashboard share (server-paginated table, loading and load-failed states, absolute
 * share links). The text-free ones (PageSection, DetailList, LinkButton) are in @nimbus/ui.
 * A subpath of its own so the marketing site's bundle never reaches their styles.
 */
export { PagedTable, type PagedTableProps } from './PagedTable.tsx';
export { usePaging, type Paging } from './use-paging.ts';
export { LoadFailed } from './LoadFailed.tsx';
export { PageLoading } from './PageLoading.tsx';
export { absoluteUrl, currentOrigin } from './absolute-url.ts';
