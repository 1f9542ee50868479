export { DataTable, type DataTableProps } from './DataTable.tsx';
export { DataList, type DataListProps } from './DataList.tsx';
export type { DataColumn, DataViewProps } from './types.ts';
