import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { useTranslation } from '@nimbus/i18n';
import { StatusTag } from '@nimbus/ui/badge';
import { Button } from '@nimbus/ui/button';
import { ConfirmDialog } from '@nimbus/ui/dialog';
import { LinkButton } from '@nimbus/ui/link-button';
import { PageSection } from '@nimbus/ui/page-section';
import { usePaging } from '@nimbus/web/screens';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import * as base from '../console.css.ts';
import { messageOf } from '../errors.ts';
import { QueryTable } from '../QueryTable.tsx';
import * as setup from '../setup.css.ts';
import { NewWebhookForm } from './NewWebhookForm.tsx';
import { WebhookSecret } from './WebhookSecret.tsx';

type AdminWebhookEndpoint = AdminResponseOf<'adminWebhookList'>['items'][number];

/**
 * Outbound webhooks (admin): add an endpoint (its signing secret shown once), see each one's
 * queue, open its deliveries, enable or disable it, rotate its secret.
 */
export function WebhooksScreen() {
  const { t } = useTranslation('admin-webhooks');
  const paging = usePaging();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const [shown, setShown] = useState<{ url: string; secret: string } | null>(null);
  const [editing, setEditing] = useState<AdminWebhookEndpoint | null>(null);
  const endpoints = useQuery({
    queryKey: ['webhooks'],
    queryFn: async () => {
      const { items } = await consoleApi().adminWebhookList({});
      return { items, total: items.length };
    },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['webhooks'] });

  const toggle = async (e: AdminWebhookEndpoint) => {
    setFailure('');
    setShown(null);
    try {
      await consoleApi().adminWebhookUpdate({
        endpointId: e.endpointId,
        url: e.url,
        description: e.description,
        events: e.events,
        enabled: !e.enabled,
      });
      setNotice(t(e.enabled ? 'endpoint_disabled' : 'endpoint_enabled', { url: e.url }));
    } catch (error) {
      setFailure(messageOf(error));
    }
    await refresh();
  };
  const rotate = async (e: AdminWebhookEndpoint) => {
    setFailure('');
    try {
      const { secret } = await consoleApi().adminWebhookRotateSecret({ endpointId: e.endpointId });
      setNotice('');
      setShown({ url: e.url, secret });
    } catch (error) {
      setFailure(messageOf(error));
      throw error;
    }
    await refresh();
  };

  const remove = async (e: AdminWebhookEndpoint) => {
    setFailure('');
    try {
      await consoleApi().adminWebhookDelete({ endpointId: e.endpointId });
      setShown(null);
      setEditing(null);
      setNotice(t('endpoint_deleted', { url: e.url }));
    } catch (error) {
      setFailure(messageOf(error));
      throw error;
    }
    await refresh();
  };

  return (
    <PageSection title={t('webhooks_title')}>
      <p className={setup.intro}>{t('webhooks_intro')}</p>
      {shown && <WebhookSecret url={shown.url} secret={shown.secret} />}
      {editing ? (
        <NewWebhookForm
          key={editing.endpointId}
          editing={editing}
          onSaved={(url) => {
            setEditing(null);
            setNotice(t('endpoint_saved', { url }));
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <NewWebhookForm
          onCreated={(url, secret) => {
            setNotice('');
            setShown({ url, secret });
          }}
        />
      )}
      <h2 className={base.sectionTitle}>{t('endpoints_title')}</h2>
      <p role="status">{notice}</p>
      {failure && (
        <p role="alert" className={base.alert}>
          {failure}
        </p>
      )}
      <QueryTable
        query={endpoints}
        caption={t('endpoints_title')}
        hideCaption
        emptyText={t('no_endpoints')}
        rowKey={(e) => e.endpointId}
        paging={paging}
        columns={[
          {
            key: 'endpoint',
            header: t('col_endpoint'),
            cell: (e) => (
              <>
                <span className={base.secret}>{e.url}</span>
                {e.description && <div>{e.description}</div>}
                <div>{t('secret_hint', { hint: e.secretHint })}</div>
              </>
            ),
          },
          { key: 'events', header: t('col_events'), cell: (e) => e.events.join(', ') },
          {
            key: 'state',
            header: t('col_state'),
            cell: (e) => (
              <StatusTag tone={e.enabled ? 'success' : 'warning'}>
                {e.enabled ? t('enabled') : t('disabled')}
              </StatusTag>
            ),
          },
          {
            key: 'queue',
            header: t('col_queue'),
            cell: (e) => t('queue_counts', { due: e.due, failed: e.failed }),
          },
          {
            key: 'actions',
            header: t('col_actions'),
            cell: (e) => (
              <div className={setup.actions}>
                <LinkButton
                  href={`/admin/webhooks/${e.endpointId}`}
                  size="sm"
                  variant="secondary"
                  aria-label={t('deliveries_label', { url: e.url })}
                >
                  {t('deliveries')}
                </LinkButton>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t(e.enabled ? 'disable_label' : 'enable_label', { url: e.url })}
                  onClick={() => void toggle(e)}
                >
                  {t(e.enabled ? 'disable' : 'enable')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('edit_label', { url: e.url })}
                  onClick={() => {
                    setShown(null);
                    setEditing(e);
                  }}
                >
                  {t('edit')}
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button
                      size="sm"
                      variant="danger"
                      aria-label={t('delete_label', { url: e.url })}
                    >
                      {t('delete')}
                    </Button>
                  }
                  title={t('delete_title', { url: e.url })}
                  description={t('delete_description')}
                  confirmLabel={t('delete')}
                  cancelLabel={t('cancel')}
                  tone="danger"
                  onConfirm={() => remove(e)}
                />
                <ConfirmDialog
                  trigger={
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('rotate_label', { url: e.url })}
                    >
                      {t('rotate')}
                    </Button>
                  }
                  title={t('rotate_title', { url: e.url })}
                  description={t('rotate_description')}
                  confirmLabel={t('rotate')}
                  cancelLabel={t('cancel')}
                  tone="danger"
                  onConfirm={() => rotate(e)}
                />
              </div>
            ),
          },
        ]}
      />
    </PageSection>
  );
}
