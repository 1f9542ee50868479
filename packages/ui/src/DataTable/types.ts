import type { ReactNode } from 'react';

export interface DataColumn<Row> {
  key: string;
  header: ReactNode;
  /** Method syntax on purpose: a column list for a specific row type fits a general one. */
  cell(row: Row): ReactNode;
  align?: 'start' | 'center' | 'end';
  /** CSS width of the column on desktop, e.g. "20%". */
  width?: string;
}

export interface DataViewProps<Row> {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  /** Names the table or list, e.g. "Order history". */
  caption: ReactNode;
  hideCaption?: boolean;
  loading?: boolean;
  /** Announced while loading, e.g. "Loading records". */
  loadingLabel: string;
  /** Shown when there are no rows and nothing is loading (spec: 'no records'). */
  emptyText: ReactNode;
  /** Skeleton rows while loading. */
  skeletonRows?: number;
  className?: string;
}
