import { useTranslation } from '@nimbus/i18n';
import { StatusTag } from '@nimbus/ui/badge';
import { PageSection } from '@nimbus/ui/page-section';
import { usePaging } from '@nimbus/web/screens';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import { when } from '../format.ts';
import type { CodeFilter } from './code-filter.ts';
import { CodeSearch } from './CodeSearch.tsx';
import { CreateRedeem } from './CreateRedeem.tsx';
import { DisableCode } from './DisableCode.tsx';
import { QueryTable } from '../QueryTable.tsx';

/** Redeem codes, searched and paged on the server; finance makes batches and disables codes. */
export function RedeemCodesScreen() {
  const { t } = useTranslation('admin-setup');
  const paging = usePaging();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<CodeFilter>({});
  const [notice, setNotice] = useState('');
  const request = { ...filter, page: paging.page, pageSize: paging.pageSize };
  const codes = useQuery({
    queryKey: ['redeem-codes', request],
    queryFn: () => consoleApi().adminRedeemList(request),
    placeholderData: keepPreviousData,
  });
  const disable = async (code: string) => {
    await consoleApi().adminRedeemDisable({ code });
    setNotice(t('disabled_done', { code }));
    await queryClient.invalidateQueries({ queryKey: ['redeem-codes'] });
  };
  return (
    <PageSection title={t('redeem_title')}>
      <CreateRedeem />
      <p role="status">{notice}</p>
      <CodeSearch
        onSearch={(next) => {
          paging.setPage(1);
          setFilter(next);
        }}
      />
      <QueryTable
        query={codes}
        caption={t('redeem_title')}
        hideCaption
        emptyText={t('no_redeems')}
        rowKey={(r) => r.code}
        paging={paging}
        columns={[
          { key: 'code', header: t('col_code'), cell: (r) => r.code },
          {
            key: 'type',
            header: t('col_type'),
            cell: (r) => (r.type === 'lite' ? t('type_lite') : t('type_standard')),
          },
          { key: 'days', header: t('col_days'), cell: (r) => r.days },
          { key: 'devices', header: t('col_devices'), cell: (r) => r.devicesAllowed },
          {
            key: 'uses',
            header: t('col_uses'),
            cell: (r) => t('uses_of', { uses: String(r.uses), max: String(r.maxUses) }),
          },
          {
            key: 'expires',
            header: t('col_expires'),
            cell: (r) => (r.expiresAt === null ? t('never') : when(r.expiresAt)),
          },
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
                  description={t('disable_redeem_text')}
                  onConfirm={() => disable(r.code)}
                />
              ),
          },
        ]}
      />
    </PageSection>
  );
}
