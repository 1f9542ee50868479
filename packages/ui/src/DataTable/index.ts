export { DataTable, type DataTableProps } from './DataTable';
export { DataList, type DataListProps } from './DataList';
export type { DataColumn, DataViewProps } from './types';
