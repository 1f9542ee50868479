import type { AdminRequestOf } from '@nimbus/api-sdk/admin';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { PageSection } from '@nimbus/ui/page-section';
import { TextField } from '@nimbus/ui/text-field';
import { usePaging } from '@nimbus/web/screens';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { consoleApi } from '../session/console-api.ts';
import * as styles from './console.css.ts';
import { when } from './format.ts';
import { QueryTable } from './QueryTable.tsx';

type Filter = Pick<
  AdminRequestOf<'adminAuditSearch'>,
  'actor' | 'action' | 'subjectType' | 'subjectId'
>;
const FIELDS = [
  ['actor', 'filter_actor'],
  ['action', 'filter_action'],
  ['subjectType', 'filter_subject_type'],
  ['subjectId', 'filter_subject_id'],
] as const;

/** Every change, newest first, by actor, action and target; filtered and paged on the server. */
export function AuditScreen() {
  const { t } = useTranslation('admin');
  const paging = usePaging();
  const [draft, setDraft] = useState<Required<Filter>>({
    actor: '',
    action: '',
    subjectType: '',
    subjectId: '',
  });
  const [filter, setFilter] = useState<Filter>({});
  const request = { ...filter, page: paging.page, pageSize: paging.pageSize };
  const log = useQuery({
    queryKey: ['audit', request],
    queryFn: () => consoleApi().adminAuditSearch(request),
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    paging.setPage(1);
    setFilter(
      Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== '')) as Filter,
    );
  };
  return (
    <PageSection title={t('audit_log_title')}>
      <form className={styles.inlineForm} onSubmit={submit} role="search">
        {FIELDS.map(([field, label]) => (
          <TextField
            key={field}
            label={t(label)}
            name={field}
            value={draft[field]}
            onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
          />
        ))}
        <Button type="submit">{t('filter')}</Button>
      </form>
      <QueryTable
        query={log}
        caption={t('audit_log_title')}
        hideCaption
        emptyText={t('no_audit')}
        rowKey={(r) => r.id}
        paging={paging}
        columns={[
          { key: 'at', header: t('col_at'), cell: (r) => when(r.at) },
          { key: 'actor', header: t('col_actor'), cell: (r) => r.actor },
          { key: 'action', header: t('col_action'), cell: (r) => r.action },
          {
            key: 'target',
            header: t('col_target'),
            cell: (r) => `${r.subjectType} ${r.subjectId}`,
          },
          {
            key: 'data',
            header: t('col_data'),
            cell: (r) => <code className={styles.machineValue}>{r.data}</code>,
          },
        ]}
      />
    </PageSection>
  );
}
