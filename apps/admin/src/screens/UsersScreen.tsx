import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Checkbox } from '@nimbus/ui/checkbox';
import { PageSection } from '@nimbus/ui/page-section';
import { TextField } from '@nimbus/ui/text-field';
import { usePaging } from '@nimbus/web/screens';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { consoleApi } from '../session/console-api.ts';
import * as styles from './console.css.ts';
import { when } from './format.ts';
import { QueryTable } from './QueryTable.tsx';

type UserRow = AdminResponseOf<'adminUserSearch'>['items'][number];

export const userStatus = (u: Pick<UserRow, 'deleted' | 'suspendedAt'>) =>
  u.deleted ? 'status_deleted' : u.suspendedAt !== null ? 'status_suspended' : 'status_active';

/** Find users by id, e-mail, phone, username or invite code; searched and paged on the server. */
export function UsersScreen() {
  const { t } = useTranslation('admin');
  const paging = usePaging();
  const [draft, setDraft] = useState({ query: '', suspendedOnly: false });
  const [filter, setFilter] = useState(draft);
  const request = { ...filter, page: paging.page, pageSize: paging.pageSize };
  const users = useQuery({
    queryKey: ['users', request],
    queryFn: () => consoleApi().adminUserSearch(request),
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    paging.setPage(1);
    setFilter(draft);
  };
  return (
    <PageSection title={t('users_title')}>
      <form className={styles.inlineForm} onSubmit={submit} role="search">
        <TextField
          label={t('search_label')}
          hint={t('search_hint')}
          name="query"
          type="search"
          value={draft.query}
          onChange={(e) => setDraft({ ...draft, query: e.target.value })}
        />
        <Checkbox
          checked={draft.suspendedOnly}
          onChange={(e) => setDraft({ ...draft, suspendedOnly: e.target.checked })}
        >
          {t('suspended_only')}
        </Checkbox>
        <Button type="submit">{t('search')}</Button>
      </form>
      <QueryTable
        query={users}
        caption={t('users_title')}
        hideCaption
        emptyText={t('no_users')}
        rowKey={(u) => u.userId}
        paging={paging}
        columns={[
          {
            key: 'user',
            header: t('col_user'),
            cell: (u) => <Link to={`/users/${u.userId}`}>#{u.userId}</Link>,
          },
          { key: 'account', header: t('col_account'), cell: (u) => u.account },
          { key: 'registered', header: t('col_registered'), cell: (u) => when(u.registeredAt) },
          { key: 'standard', header: t('col_standard'), cell: (u) => when(u.standardExpiresAt) },
          { key: 'status', header: t('col_status'), cell: (u) => t(userStatus(u)) },
        ]}
      />
    </PageSection>
  );
}
