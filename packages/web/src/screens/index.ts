/**
 * @nimbus/web/screens: the building blocks of the signed-in screens the account centre and the
 * KOL dashboard share (page section, name/value list, server-paginated table, loading and
 * load-failed states, absolute share links).
 * A subpath of its own so the marketing site's bundle never reaches their styles.
 */
export { PageSection } from './Section.tsx';
export { DetailList, type DetailItem } from './DetailList.tsx';
export { PagedTable, type PagedTableProps } from './PagedTable.tsx';
export { usePaging, type Paging } from './use-paging.ts';
export { LoadFailed } from './LoadFailed.tsx';
export { PageLoading } from './PageLoading.tsx';
export { absoluteUrl, currentOrigin } from './absolute-url.ts';
