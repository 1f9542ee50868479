import { formatMoney, useLanguage, useTranslation } from '@nimbus/i18n';
import { StatusTag } from '@nimbus/ui/badge';
import { Button } from '@nimbus/ui/button';
import { PageSection } from '@nimbus/ui/page-section';
import { SelectField } from '@nimbus/ui/text-field';
import { usePaging } from '@nimbus/web/screens';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import * as setup from '../setup.css.ts';
import { CreatePlan } from './CreatePlan.tsx';
import { EditPlan } from './EditPlan.tsx';
import type { PlanRow } from './plan-draft.ts';
import { QueryTable } from '../QueryTable.tsx';

type Sale = '' | 'active' | 'inactive';

/** The plan catalogue, paged on the server; an admin creates plans and edits price and visibility. */
export function PlansScreen() {
  const { t } = useTranslation('admin-setup');
  const language = useLanguage();
  const paging = usePaging();
  const [sale, setSale] = useState<Sale>('');
  const [editing, setEditing] = useState<PlanRow | null>(null);
  const [notice, setNotice] = useState('');
  const request = {
    ...(sale ? { status: sale } : {}),
    page: paging.page,
    pageSize: paging.pageSize,
  };
  const plans = useQuery({
    queryKey: ['plans', request],
    queryFn: () => consoleApi().adminPlanList(request),
    placeholderData: keepPreviousData,
  });
  const money = (minor: number, currency: string) => formatMoney(minor, currency, language);
  return (
    <PageSection title={t('plans_title')}>
      <p className={setup.intro}>{t('plans_intro')}</p>
      <CreatePlan onCreated={(plan) => setNotice(t('plan_created', { id: plan.planId }))} />
      {editing && (
        <EditPlan
          key={editing.planId}
          plan={editing}
          onClose={() => setEditing(null)}
          onSaved={(plan) => {
            setEditing(null);
            setNotice(t('plan_saved', { id: plan.planId }));
          }}
        />
      )}
      <p role="status">{notice}</p>
      <div className={setup.toolbar}>
        <SelectField
          label={t('filter_sale')}
          name="sale"
          value={sale}
          onChange={(e) => {
            paging.setPage(1);
            const next = e.target.value;
            setSale(next === 'active' || next === 'inactive' ? next : '');
          }}
          options={[
            { value: '', label: t('sale_any') },
            { value: 'active', label: t('sale_active') },
            { value: 'inactive', label: t('sale_inactive') },
          ]}
        />
      </div>
      <QueryTable
        query={plans}
        caption={t('plans_title')}
        hideCaption
        emptyText={t('no_plans')}
        rowKey={(p) => p.planId}
        paging={paging}
        columns={[
          {
            key: 'plan',
            header: t('col_plan'),
            cell: (p) => t('plan_id', { id: p.planId, name: p.name }),
          },
          { key: 'price', header: t('col_price'), cell: (p) => money(p.priceMinor, p.currency) },
          {
            key: 'original',
            header: t('col_original'),
            cell: (p) => money(p.originalPriceMinor, p.currency),
          },
          { key: 'discount', header: t('col_discount'), cell: (p) => `${p.discountPercent}%` },
          { key: 'devices', header: t('col_devices'), cell: (p) => p.devicesAllowed },
          {
            key: 'quota',
            header: t('col_quota'),
            cell: (p) =>
              p.quota === null
                ? t('quota_none')
                : t('quota_value', { gb: p.quota.gb, reset: t(`quota_reset_${p.quota.reset}`) }),
          },
          {
            key: 'group-buy',
            header: t('col_group_buy'),
            cell: (p) => (p.groupBuy ? t('yes') : t('no')),
          },
          {
            key: 'recommended',
            header: t('col_recommended'),
            cell: (p) => (p.recommended ? t('yes') : t('no')),
          },
          {
            key: 'sale',
            header: t('col_sale'),
            cell: (p) => (
              <StatusTag tone={p.active ? 'success' : 'neutral'}>
                {p.active ? t('sale_active') : t('sale_inactive')}
              </StatusTag>
            ),
          },
          {
            key: 'actions',
            header: t('col_actions'),
            cell: (p) => (
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('edit_plan_label', { id: p.planId })}
                onClick={() => setEditing(p)}
              >
                {t('edit')}
              </Button>
            ),
          },
        ]}
      />
    </PageSection>
  );
}
