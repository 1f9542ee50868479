export { Pagination, defaultPageSizes, type PaginationProps } from './Pagination';
export { pageRange, type PageRangeItem } from './page-range';
