import { useLanguage, useTranslation } from '@nimbus/i18n';
import { StatusTag } from '@nimbus/ui/badge';
import { Button } from '@nimbus/ui/button';
import { DataTable } from '@nimbus/ui/data-table';
import { PageSection } from '@nimbus/ui/page-section';
import { LoadFailed } from '@nimbus/web/screens';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import { EditRemoveActions } from '../EditRemoveActions.tsx';
import { when } from '../format.ts';
import * as styles from '../setup.css.ts';
import { NoticeForm, type NoticeRow } from './NoticeForm.tsx';

/** The site's notices (at most 20): support adds, edits and removes them one at a time. */
export function NoticesScreen() {
  const { t } = useTranslation(['admin-setup', 'common']);
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<NoticeRow | 'new' | null>(null);
  const [notice, setNotice] = useState('');
  const notices = useQuery({
    queryKey: ['notices'],
    queryFn: () => consoleApi().adminNoticeList({}),
  });
  const remove = async (id: string) => {
    await consoleApi().adminNoticeRemove({ id });
    setNotice(t('notice_removed', { id }));
    await queryClient.invalidateQueries({ queryKey: ['notices'] });
  };
  return (
    <PageSection title={t('notices_title')}>
      <p className={styles.intro}>{t('notices_intro')}</p>
      {editing === null ? (
        <div className={styles.toolbar}>
          <Button onClick={() => setEditing('new')}>{t('new_notice')}</Button>
        </div>
      ) : (
        <NoticeForm
          key={editing === 'new' ? 'new' : editing.id}
          notice={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            setEditing(null);
            setNotice(t('notice_saved', { id }));
          }}
        />
      )}
      <p role="status">{notice}</p>
      {notices.isError ? (
        <LoadFailed onRetry={() => void notices.refetch()} />
      ) : (
        <DataTable
          caption={t('notices_title')}
          hideCaption
          loading={notices.isPending}
          loadingLabel={t('common:loading')}
          emptyText={t('no_notices')}
          rows={notices.data?.notices ?? []}
          rowKey={(n) => n.id}
          columns={[
            { key: 'id', header: t('notice_id'), cell: (n) => n.id },
            {
              key: 'text',
              header: t('col_notice'),
              cell: (n) => (language === 'zh-CN' ? n.text['zh-CN'] : n.text.en),
            },
            {
              key: 'level',
              header: t('col_level'),
              cell: (n) => (
                <StatusTag tone={n.level === 'warning' ? 'warning' : 'brand'}>
                  {n.level === 'warning' ? t('level_warning') : t('level_info')}
                </StatusTag>
              ),
            },
            {
              key: 'shown',
              header: t('col_shown'),
              cell: (n) =>
                n.startsAt === null && n.endsAt === null
                  ? t('always')
                  : t('valid_range', { from: when(n.startsAt), until: when(n.endsAt) }),
            },
            {
              key: 'actions',
              header: t('col_actions'),
              cell: (n) => (
                <EditRemoveActions
                  editLabel={t('edit_notice_label', { id: n.id })}
                  removeLabel={t('remove_notice_label', { id: n.id })}
                  removeTitle={t('remove_notice_title', { id: n.id })}
                  removeText={t('remove_notice_text')}
                  onEdit={() => setEditing(n)}
                  onRemove={() => remove(n.id)}
                />
              ),
            },
          ]}
        />
      )}
    </PageSection>
  );
}
