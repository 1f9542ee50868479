import type { TicketSummary } from '@nimbus/api-sdk/contract';
import {
  usePaymentOrder,
  useUserGetDeviceList,
  useUserTicketList,
  useUserTicketOpen,
} from '@nimbus/api-sdk/react';
import { formatDate, useLanguage, useTranslation } from '@nimbus/i18n';
import { StatusTag } from '@nimbus/ui/badge';
import { Card } from '@nimbus/ui/card';
import type { DataColumn } from '@nimbus/ui/data-table';
import { Link } from '@nimbus/ui/link';
import { PageSection } from '@nimbus/ui/page-section';
import { useToast } from '@nimbus/ui/toast';
import { LoadFailed, PagedTable, usePaging } from '@nimbus/web/screens';
import { TICKET_CATEGORIES } from '@nimbus/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useGo } from '@nimbus/web';
import { OpenTicketForm } from './OpenTicketForm.tsx';
import { statusTone } from './ticket-labels.ts';

/**
 * /user/support: open a ticket (about an order or a device, if the member wants) and the
 * member's tickets, the latest activity first, each leading to its thread.
 */
export default function SupportPage() {
  const { t } = useTranslation(['account', 'common']);
  const language = useLanguage();
  const toast = useToast();
  const go = useGo();
  const paging = usePaging();
  const tickets = useUserTicketList(
    { page: paging.page, pageSize: paging.pageSize },
    { placeholderData: keepPreviousData },
  );
  const orders = usePaymentOrder({ page: 1, pageSize: 20 });
  const devices = useUserGetDeviceList();
  const open = useUserTicketOpen();
  // A link may choose the category (the KOL dashboard's payout question: ?category=affiliate).
  const [search] = useSearchParams();

  const columns: DataColumn<TicketSummary>[] = [
    {
      key: 'subject',
      header: t('account:ticket_subject'),
      cell: (ticket) => <Link href={`/user/support/${ticket.ticketId}`}>{ticket.subject}</Link>,
    },
    {
      key: 'category',
      header: t('account:ticket_category'),
      cell: (ticket) => t(`account:ticket_category_${ticket.category}`),
    },
    {
      key: 'status',
      header: t('account:ticket_status'),
      cell: (ticket) => (
        <StatusTag tone={statusTone(ticket.status)}>
          {t(`account:ticket_status_${ticket.status}`)}
        </StatusTag>
      ),
    },
    {
      key: 'updated',
      header: t('account:ticket_updated'),
      cell: (ticket) => formatDate(ticket.updatedAt, language),
    },
  ];

  return (
    <PageSection title={t('account:support_title')} lead={t('account:support_lead')}>
      <Card title={t('account:ticket_new')}>
        <OpenTicketForm
          initialCategory={TICKET_CATEGORIES.find((c) => c === search.get('category'))}
          orders={(orders.data?.items ?? []).map((o) => ({
            orderId: o.orderId,
            label: `${o.orderId} · ${o.productName}`,
          }))}
          devices={(devices.data?.items ?? []).map((d) => ({ deviceId: d.id, label: d.name }))}
          onOpen={async (request) => {
            const { ticket } = await open.mutateAsync(request);
            toast.success(t('account:ticket_opened'));
            go(`/user/support/${ticket.ticketId}`);
          }}
        />
      </Card>
      <Card title={t('account:ticket_list')}>
        {tickets.isError ? (
          <LoadFailed onRetry={() => void tickets.refetch()} />
        ) : (
          <PagedTable
            columns={columns}
            rows={tickets.data?.items ?? []}
            rowKey={(ticket) => ticket.ticketId}
            caption={t('account:ticket_list')}
            hideCaption
            loading={tickets.isPending}
            emptyText={t('account:ticket_empty')}
            total={tickets.data?.total ?? 0}
            paging={paging}
          />
        )}
      </Card>
    </PageSection>
  );
}
