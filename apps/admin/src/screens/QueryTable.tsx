import { LoadFailed, PagedTable, type PagedTableProps } from '@nimbus/web/screens';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * A console list from its query: the page's rows in the paged table while it loads and after,
 * or the load-failed notice with a retry. A search's total past the cap reads "10,000+".
 */
export function QueryTable<Row>({
  query,
  ...table
}: { query: UseQueryResult<{ items: Row[]; total: number; totalCapped?: boolean }> } & Omit<
  PagedTableProps<Row>,
  'rows' | 'total' | 'totalCapped' | 'loading'
>) {
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  return (
    <PagedTable
      {...table}
      loading={query.isPending}
      rows={query.data?.items ?? []}
      total={query.data?.total ?? 0}
      totalCapped={query.data?.totalCapped ?? false}
    />
  );
}
