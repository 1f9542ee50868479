import { NODE_PROTOCOLS, type NodeProtocol } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { StatusTag } from '@nimbus/ui/badge';
import { LinkButton } from '@nimbus/ui/link-button';
import { PageSection } from '@nimbus/ui/page-section';
import { usePaging } from '@nimbus/web/screens';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import { when } from '../format.ts';
import { QueryTable } from '../QueryTable.tsx';
import * as setup from '../setup.css.ts';
import { NodeActions, type Rotation } from './NodeActions.tsx';
import { NodeToken } from './NodeToken.tsx';

const isNodeProtocol = (p: string): p is NodeProtocol =>
  (NODE_PROTOCOLS as readonly string[]).includes(p);

/**
 * The VPN nodes (admin), paged on the server: online from the last push, last pull and push,
 * members online; enable or disable a node and rotate its feed token (the new one shown once).
 */
export function NodesScreen() {
  const { t } = useTranslation('admin-nodes');
  const paging = usePaging();
  const [notice, setNotice] = useState('');
  const [rotation, setRotation] = useState<Rotation | null>(null);
  const request = { page: paging.page, pageSize: paging.pageSize };
  const nodes = useQuery({
    queryKey: ['nodes', request],
    queryFn: () => consoleApi().adminNodeList(request),
    placeholderData: keepPreviousData,
  });
  return (
    <PageSection title={t('nodes_title')}>
      <p className={setup.intro}>{t('nodes_intro')}</p>
      <div className={setup.toolbar}>
        <LinkButton href="/admin/nodes/new" size="sm">
          {t('add_node')}
        </LinkButton>
      </div>
      <p role="status">{notice}</p>
      {rotation && (
        <NodeToken nodeKey={rotation.key} token={rotation.token}>
          <p>
            {rotation.graceMinutes > 0
              ? t('old_token_grace', { count: rotation.graceMinutes })
              : t('old_token_stopped')}
          </p>
        </NodeToken>
      )}
      <QueryTable
        query={nodes}
        caption={t('nodes_title')}
        hideCaption
        emptyText={t('no_nodes')}
        rowKey={(n) => n.nodeId}
        paging={paging}
        columns={[
          {
            key: 'node',
            header: t('col_node'),
            cell: (n) => t('node_label', { key: n.key, name: n.name, id: n.nodeId }),
          },
          { key: 'region', header: t('col_region'), cell: (n) => n.region },
          {
            key: 'protocol',
            header: t('col_protocol'),
            cell: (n) => (isNodeProtocol(n.protocol) ? t(`protocol_${n.protocol}`) : n.protocol),
          },
          {
            key: 'status',
            header: t('col_status'),
            cell: (n) => (
              <StatusTag tone={n.online ? 'success' : 'neutral'}>
                {n.online ? t('online') : t('offline')}
              </StatusTag>
            ),
          },
          {
            key: 'enabled',
            header: t('col_enabled'),
            cell: (n) => (
              <StatusTag tone={n.enabled ? 'success' : 'warning'}>
                {n.enabled ? t('enabled') : t('disabled')}
              </StatusTag>
            ),
          },
          { key: 'pull', header: t('col_last_pull'), cell: (n) => when(n.lastPullAt) },
          { key: 'push', header: t('col_last_push'), cell: (n) => when(n.lastPushAt) },
          { key: 'members', header: t('col_online_members'), cell: (n) => n.onlineUsers },
          {
            key: 'actions',
            header: t('col_actions'),
            cell: (n) => (
              <NodeActions
                node={n}
                onNotice={(text) => {
                  setRotation(null);
                  setNotice(text);
                }}
                onRotated={(next) => {
                  setNotice('');
                  setRotation(next);
                }}
              />
            ),
          },
        ]}
      />
    </PageSection>
  );
}
