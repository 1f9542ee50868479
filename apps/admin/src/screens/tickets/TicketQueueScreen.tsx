import type { AdminRequestOf, AdminResponseOf } from '@nimbus/api-sdk/admin';
import { TICKET_CATEGORIES, TICKET_STATUSES, type TicketCategory } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { PageSection } from '@nimbus/ui/page-section';
import { SelectField } from '@nimbus/ui/text-field';
import { usePaging } from '@nimbus/web/screens';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { consoleApi } from '../../session/console-api.ts';
import * as styles from '../console.css.ts';
import { when } from '../format.ts';
import { QueryTable } from '../QueryTable.tsx';

type Row = AdminResponseOf<'adminTicketQueue'>['items'][number];
type Status = AdminRequestOf<'adminTicketQueue'>['status'];

/**
 * The support queue: one status at a time (waiting for support first), oldest first, optionally
 * one topic; each ticket leads to its thread beside the member's facts.
 */
export function TicketQueueScreen() {
  const { t } = useTranslation('admin');
  const paging = usePaging();
  const [status, setStatus] = useState<Status>('open');
  const [category, setCategory] = useState<TicketCategory | ''>('');
  const request = {
    status,
    ...(category ? { category } : {}),
    page: paging.page,
    pageSize: paging.pageSize,
  };
  const queue = useQuery({
    queryKey: ['tickets', request],
    queryFn: () => consoleApi().adminTicketQueue(request),
    placeholderData: keepPreviousData,
  });
  return (
    <PageSection title={t('tickets_title')} lead={t('tickets_lead')}>
      <div className={styles.inlineForm} role="search">
        <SelectField
          label={t('ticket_col_status')}
          name="status"
          value={status}
          onChange={(e) => {
            setStatus(TICKET_STATUSES.find((s) => s === e.target.value) ?? 'open');
            paging.setPage(1);
          }}
          options={TICKET_STATUSES.map((s) => ({ value: s, label: t(`ticket_status_${s}`) }))}
        />
        <SelectField
          label={t('ticket_col_category')}
          name="category"
          value={category}
          placeholder={t('ticket_all_categories')}
          onChange={(e) => {
            setCategory(TICKET_CATEGORIES.find((c) => c === e.target.value) ?? '');
            paging.setPage(1);
          }}
          options={TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`ticket_category_${c}`) }))}
        />
      </div>
      <QueryTable<Row>
        query={queue}
        caption={t('tickets_title')}
        hideCaption
        emptyText={t('tickets_empty')}
        rowKey={(r) => r.ticketId}
        paging={paging}
        columns={[
          {
            key: 'subject',
            header: t('ticket_col_subject'),
            cell: (r) => <Link to={`/tickets/${r.ticketId}`}>{`#${r.ticketId} ${r.subject}`}</Link>,
          },
          { key: 'member', header: t('ticket_col_member'), cell: (r) => r.member },
          {
            key: 'category',
            header: t('ticket_col_category'),
            cell: (r) => t(`ticket_category_${r.category}`),
          },
          { key: 'opened', header: t('ticket_col_opened'), cell: (r) => when(r.createdAt) },
          { key: 'updated', header: t('ticket_col_updated'), cell: (r) => when(r.updatedAt) },
          {
            key: 'assignee',
            header: t('ticket_col_assignee'),
            cell: (r) => r.assignee ?? t('ticket_unassigned'),
          },
        ]}
      />
    </PageSection>
  );
}
