import { useTranslation } from '@nimbus/i18n';
import { StatusTag } from '@nimbus/ui/badge';
import type { DataColumn } from '@nimbus/ui/data-table';
import { usePaging } from '@nimbus/web/screens';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { QueryTable } from '../QueryTable.tsx';
import type { CodeFilter } from './code-filter.ts';
import { CodeSearch } from './CodeSearch.tsx';
import { DisableCode } from './DisableCode.tsx';

interface CodeRow {
  code: string;
  active: boolean;
}

interface CodeListProps<Row extends CodeRow> {
  /** The list's query key; the create form invalidates it too. */
  queryKey: string;
  list: (
    request: CodeFilter & { page: number; pageSize: number },
  ) => Promise<{ items: Row[]; total: number; totalCapped?: boolean }>;
  disable: (code: string) => Promise<unknown>;
  /** The create form, given the status line to say what it made. */
  create: (notify: (notice: string) => void) => ReactNode;
  caption: string;
  emptyText: string;
  /** What disabling does to this kind of code. */
  disableText: string;
  /** The columns between the code and its state. */
  columns: readonly DataColumn<Row>[];
}

/**
 * A code screen's body: its create form, a status line, the search and the list (searched and
 * paged on the server), each row ending with its state and Disable.
 */
export function CodeList<Row extends CodeRow>(props: CodeListProps<Row>) {
  const { queryKey, list, disable, create, caption, emptyText, disableText, columns } = props;
  const { t } = useTranslation('admin-setup');
  const paging = usePaging();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<CodeFilter>({});
  const [notice, setNotice] = useState('');
  const request = { ...filter, page: paging.page, pageSize: paging.pageSize };
  const codes = useQuery({
    queryKey: [queryKey, request],
    queryFn: () => list(request),
    placeholderData: keepPreviousData,
  });
  const onDisable = async (code: string) => {
    await disable(code);
    setNotice(t('disabled_done', { code }));
    await queryClient.invalidateQueries({ queryKey: [queryKey] });
  };
  return (
    <>
      {create(setNotice)}
      <p role="status">{notice}</p>
      <CodeSearch
        onSearch={(next) => {
          paging.setPage(1);
          setFilter(next);
        }}
      />
      <QueryTable
        query={codes}
        caption={caption}
        hideCaption
        emptyText={emptyText}
        rowKey={(r) => r.code}
        paging={paging}
        columns={[
          { key: 'code', header: t('col_code'), cell: (r) => r.code },
          ...columns,
          {
            key: 'state',
            header: t('col_state'),
            cell: (r) => (
              <StatusTag tone={r.active ? 'success' : 'neutral'}>
                {r.active ? t('state_active') : t('state_inactive')}
              </StatusTag>
            ),
          },
          {
            key: 'actions',
            header: t('col_actions'),
            cell: (r) =>
              r.active && (
                <DisableCode
                  code={r.code}
                  description={disableText}
                  onConfirm={() => onDisable(r.code)}
                />
              ),
          },
        ]}
      />
    </>
  );
}
