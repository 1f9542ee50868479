import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { formatMoney, useLanguage, useTranslation } from '@nimbus/i18n';
import { StatusTag } from '@nimbus/ui/badge';
import { PageSection } from '@nimbus/ui/page-section';
import { usePaging } from '@nimbus/web/screens';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import { when } from '../format.ts';
import type { CodeFilter } from './code-filter.ts';
import { CodeSearch } from './CodeSearch.tsx';
import { CreatePromo } from './CreatePromo.tsx';
import { DisableCode } from './DisableCode.tsx';
import { QueryTable } from '../QueryTable.tsx';

type PromoRow = AdminResponseOf<'adminPromoList'>['items'][number];

/** Promo codes, searched and paged on the server; finance creates and disables them. */
export function PromoCodesScreen() {
  const { t } = useTranslation('admin-setup');
  const language = useLanguage();
  const paging = usePaging();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<CodeFilter>({});
  const [notice, setNotice] = useState('');
  const request = { ...filter, page: paging.page, pageSize: paging.pageSize };
  const promos = useQuery({
    queryKey: ['promo-codes', request],
    queryFn: () => consoleApi().adminPromoList(request),
    placeholderData: keepPreviousData,
  });
  const disable = async (code: string) => {
    await consoleApi().adminPromoDisable({ code });
    setNotice(t('disabled_done', { code }));
    await queryClient.invalidateQueries({ queryKey: ['promo-codes'] });
  };
  const discount = (p: PromoRow) =>
    p.kind === 'percent' ? `${p.value}%` : formatMoney(p.value, p.currency ?? 'USD', language);
  const valid = (p: PromoRow) =>
    p.startsAt === null && p.endsAt === null
      ? t('always')
      : t('valid_range', { from: when(p.startsAt), until: when(p.endsAt) });
  return (
    <PageSection title={t('promo_title')}>
      <CreatePromo onCreated={(code) => setNotice(t('promo_created', { code }))} />
      <p role="status">{notice}</p>
      <CodeSearch
        onSearch={(next) => {
          paging.setPage(1);
          setFilter(next);
        }}
      />
      <QueryTable
        query={promos}
        caption={t('promo_title')}
        hideCaption
        emptyText={t('no_promos')}
        rowKey={(p) => p.code}
        paging={paging}
        columns={[
          { key: 'code', header: t('col_code'), cell: (p) => p.code },
          { key: 'discount', header: t('col_discount_value'), cell: discount },
          { key: 'valid', header: t('col_valid'), cell: valid },
          {
            key: 'uses',
            header: t('col_uses'),
            cell: (p) => t('uses_of', { uses: String(p.uses), max: p.maxUses ?? t('no_limit') }),
          },
          {
            key: 'per-user',
            header: t('col_per_user'),
            cell: (p) => p.maxUsesPerUser ?? t('no_limit'),
          },
          {
            key: 'plans',
            header: t('col_plans'),
            cell: (p) => p.planIds?.join(', ') ?? t('all_plans'),
          },
          {
            key: 'state',
            header: t('col_state'),
            cell: (p) => (
              <StatusTag tone={p.active ? 'success' : 'neutral'}>
                {p.active ? t('state_active') : t('state_inactive')}
              </StatusTag>
            ),
          },
          {
            key: 'actions',
            header: t('col_actions'),
            cell: (p) =>
              p.active && (
                <DisableCode
                  code={p.code}
                  description={t('disable_promo_text')}
                  onConfirm={() => disable(p.code)}
                />
              ),
          },
        ]}
      />
    </PageSection>
  );
}
