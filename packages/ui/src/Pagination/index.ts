export { Pagination, defaultPageSizes, type PaginationProps } from './Pagination.tsx';
export { pageRange, type PageRangeItem } from './page-range.ts';
