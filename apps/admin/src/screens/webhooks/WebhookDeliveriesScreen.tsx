import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { useTranslation } from '@nimbus/i18n';
import { StatusTag } from '@nimbus/ui/badge';
import { Button } from '@nimbus/ui/button';
import { LinkButton } from '@nimbus/ui/link-button';
import { PageSection } from '@nimbus/ui/page-section';
import { usePaging } from '@nimbus/web/screens';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { consoleApi } from '../../session/console-api.ts';
import * as base from '../console.css.ts';
import { messageOf } from '../errors.ts';
import { when } from '../format.ts';
import { QueryTable } from '../QueryTable.tsx';
import * as setup from '../setup.css.ts';

type AdminWebhookDelivery = AdminResponseOf<'adminWebhookDeliveries'>['items'][number];

const TONES = {
  due: 'warning',
  sending: 'neutral',
  delivered: 'success',
  failed: 'danger',
} as const;

/** One endpoint's delivery log, newest first, with Replay on each delivery. */
export function WebhookDeliveriesScreen() {
  const { t } = useTranslation('admin-webhooks');
  const { endpointId = '' } = useParams();
  const paging = usePaging();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const request = { endpointId, page: paging.page, pageSize: paging.pageSize };
  const endpoint = useQuery({
    queryKey: ['webhooks'],
    queryFn: async () => {
      const { items } = await consoleApi().adminWebhookList({});
      return { items, total: items.length };
    },
  });
  const deliveries = useQuery({
    queryKey: ['webhook-deliveries', request],
    queryFn: () => consoleApi().adminWebhookDeliveries(request),
    placeholderData: keepPreviousData,
  });
  const url = endpoint.data?.items.find((e) => e.endpointId === endpointId)?.url ?? '';

  const replay = async (d: AdminWebhookDelivery) => {
    setFailure('');
    try {
      await consoleApi().adminWebhookReplay({ deliveryId: d.deliveryId });
      setNotice(t('replayed', { event: d.eventType, id: d.eventId }));
    } catch (error) {
      setNotice('');
      setFailure(messageOf(error));
    }
    await queryClient.invalidateQueries({ queryKey: ['webhook-deliveries'] });
  };

  return (
    <PageSection title={t('deliveries_title')}>
      <p className={setup.intro}>{t('deliveries_intro', { url })}</p>
      <p role="status">{notice}</p>
      {failure && (
        <p role="alert" className={base.alert}>
          {failure}
        </p>
      )}
      <QueryTable
        query={deliveries}
        caption={t('deliveries_title')}
        hideCaption
        emptyText={t('no_deliveries')}
        rowKey={(d) => d.deliveryId}
        paging={paging}
        columns={[
          { key: 'created', header: t('col_created'), cell: (d) => when(d.createdAt) },
          {
            key: 'event',
            header: t('col_event'),
            cell: (d) => (
              <>
                <code>{d.eventType}</code>
                <div className={base.secret}>{d.eventId}</div>
              </>
            ),
          },
          {
            key: 'status',
            header: t('col_status'),
            cell: (d) => <StatusTag tone={TONES[d.status]}>{t(`status_${d.status}`)}</StatusTag>,
          },
          {
            key: 'response',
            header: t('col_response'),
            cell: (d) =>
              d.responseStatus === null ? (d.lastError ?? t('no_response')) : d.responseStatus,
          },
          {
            key: 'duration',
            header: t('col_duration'),
            cell: (d) => (d.durationMs === null ? '-' : t('duration_ms', { ms: d.durationMs })),
          },
          { key: 'attempts', header: t('col_attempts'), cell: (d) => d.attempts },
          { key: 'next', header: t('col_next'), cell: (d) => when(d.nextAttemptAt) },
          {
            key: 'actions',
            header: t('col_actions'),
            cell: (d) => (
              <Button
                size="sm"
                variant="secondary"
                disabled={d.status === 'sending'}
                aria-label={t('replay_label', { event: d.eventType, id: d.eventId })}
                onClick={() => void replay(d)}
              >
                {t('replay')}
              </Button>
            ),
          },
        ]}
      />
      <p>
        <LinkButton href="/admin/webhooks" variant="secondary" size="sm">
          {t('back_to_webhooks')}
        </LinkButton>
      </p>
    </PageSection>
  );
}
