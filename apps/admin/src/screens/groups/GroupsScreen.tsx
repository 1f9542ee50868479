import type { AdminRequestOf } from '@nimbus/api-sdk/admin';
import { GroupBuyPaymentType } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { PageSection } from '@nimbus/ui/page-section';
import { SelectField, TextField } from '@nimbus/ui/text-field';
import { usePaging } from '@nimbus/web/screens';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { consoleApi } from '../../session/console-api.ts';
import * as styles from '../console.css.ts';
import { when } from '../format.ts';
import { groupStateKey } from './group-text.ts';
import { QueryTable } from '../QueryTable.tsx';

type Filter = Pick<AdminRequestOf<'adminGroupList'>, 'groupId' | 'creatorId' | 'state'>;
type State = NonNullable<Filter['state']>;
const STATES = ['open', 'waiting', 'finished', 'closed'] as const satisfies readonly State[];
const isState = (value: string): value is State => (STATES as readonly string[]).includes(value);

/** Group buys by id, creator and state, filtered and paged on the server. */
export function GroupsScreen() {
  const { t } = useTranslation('admin-groups');
  const paging = usePaging();
  const [draft, setDraft] = useState({ groupId: '', creatorId: '', state: '' });
  const [filter, setFilter] = useState<Filter>({});
  const request = { ...filter, page: paging.page, pageSize: paging.pageSize };
  const groups = useQuery({
    queryKey: ['groups', request],
    queryFn: () => consoleApi().adminGroupList(request),
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    paging.setPage(1);
    setFilter({
      ...(draft.groupId.trim() ? { groupId: draft.groupId.trim() } : {}),
      ...(/^\d+$/.test(draft.creatorId.trim()) ? { creatorId: draft.creatorId.trim() } : {}),
      ...(isState(draft.state) ? { state: draft.state } : {}),
    });
  };
  return (
    <PageSection title={t('groups_title')}>
      <form className={styles.inlineForm} onSubmit={submit} role="search">
        <TextField
          label={t('filter_group')}
          name="groupId"
          value={draft.groupId}
          onChange={(e) => setDraft({ ...draft, groupId: e.target.value })}
        />
        <TextField
          label={t('filter_creator')}
          name="creatorId"
          inputMode="numeric"
          value={draft.creatorId}
          onChange={(e) => setDraft({ ...draft, creatorId: e.target.value })}
        />
        <SelectField
          label={t('filter_state')}
          name="state"
          value={draft.state}
          onChange={(e) => setDraft({ ...draft, state: e.target.value })}
          options={[
            { value: '', label: t('state_any') },
            ...STATES.map((s) => ({ value: s, label: t(`state_${s}`) })),
          ]}
        />
        <Button type="submit">{t('filter')}</Button>
      </form>
      <QueryTable
        query={groups}
        caption={t('groups_title')}
        hideCaption
        emptyText={t('no_groups')}
        rowKey={(g) => g.groupId}
        paging={paging}
        columns={[
          {
            key: 'group',
            header: t('col_group'),
            cell: (g) => <Link to={`/groups/${g.groupId}`}>{g.groupId}</Link>,
          },
          {
            key: 'creator',
            header: t('col_creator'),
            cell: (g) => <Link to={`/users/${g.creatorId}`}>{g.creatorAccount}</Link>,
          },
          { key: 'product', header: t('col_product'), cell: (g) => g.product },
          {
            key: 'type',
            header: t('col_type'),
            cell: (g) =>
              t(g.paymentType === GroupBuyPaymentType.PAY_ALL ? 'type_pay_all' : 'type_pay_self'),
          },
          {
            key: 'members',
            header: t('col_members'),
            cell: (g) => t('members_of', { joined: g.joined, size: g.size }),
          },
          {
            key: 'state',
            header: t('col_state'),
            cell: (g) => {
              const key = groupStateKey(g.state);
              return key ? t(key) : g.state;
            },
          },
          { key: 'created', header: t('col_created'), cell: (g) => when(g.createdAt) },
          { key: 'ends', header: t('col_ends'), cell: (g) => when(g.expiresAt) },
        ]}
      />
    </PageSection>
  );
}
