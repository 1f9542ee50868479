import { useState } from 'react';
import { PAGE_SIZE_DEFAULT } from '@nimbus/domain';

export interface Paging {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
}

/** Page and page size of one list; a new page size starts again at page 1. */
export function usePaging(initialPageSize: number = PAGE_SIZE_DEFAULT): Paging {
  const [state, setState] = useState({ page: 1, pageSize: initialPageSize });
  return {
    ...state,
    setPage: (page) => setState((s) => ({ ...s, page })),
    setPageSize: (pageSize) => setState({ page: 1, pageSize }),
  };
}
