import type { ReactNode } from 'react';
import { PAGE_SIZE_OPTIONS } from '@nimbus/domain';
import { formatNumber, useLanguage, useTranslation } from '@nimbus/i18n';
import { DataList, DataTable, type DataColumn } from '@nimbus/ui/data-table';
import { Pagination } from '@nimbus/ui/pagination';
import * as styles from './PagedTable.css.ts';
import type { Paging } from './use-paging.ts';

export interface PagedTableProps<Row> {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  caption: ReactNode;
  hideCaption?: boolean;
  loading: boolean;
  emptyText: ReactNode;
  /** Records over all pages; the pager shows only when there is more than one page size worth. */
  total: number;
  /**
   * The total stopped at a cap and more match (a console search, domain SEARCH_TOTAL_CAP): shown
   * as "10,000+", and the pages end there.
   */
  totalCapped?: boolean;
  paging: Paging;
  /** Cards at every width instead of a table (few columns, long values). */
  list?: boolean;
}

/**
 * A server-paginated list: the kit's table (cards on 375 px) with the pager and its '/ page' sizes.
 */
export function PagedTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  hideCaption,
  loading,
  emptyText,
  total,
  totalCapped = false,
  paging,
  list = false,
}: PagedTableProps<Row>) {
  const { t } = useTranslation(['common']);
  const language = useLanguage();
  const View = list ? DataList : DataTable;
  return (
    <div className={styles.root}>
      <View
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        caption={caption}
        hideCaption={hideCaption}
        loading={loading}
        loadingLabel={t('common:loading')}
        emptyText={emptyText}
      />
      {total > Math.min(...PAGE_SIZE_OPTIONS) && (
        <Pagination
          page={paging.page}
          pageSize={paging.pageSize}
          total={total}
          onPageChange={paging.setPage}
          onPageSizeChange={paging.setPageSize}
          pageSizeOptions={PAGE_SIZE_OPTIONS}
          label={t('common:pagination_label')}
          previousLabel={t('common:pagination_previous')}
          nextLabel={t('common:pagination_next')}
          pageLabel={(page) => t('common:pagination_page', { page })}
          pageSizeLabel={t('common:pagination_page_size')}
          pageSizeSuffix={t('common:pagination_per_page')}
          summary={({ total: count }) =>
            totalCapped
              ? t('common:pagination_total_capped', { limit: formatNumber(count, language) })
              : t('common:pagination_total', { count })
          }
        />
      )}
    </div>
  );
}
