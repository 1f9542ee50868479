import type { AdminRequestOf } from '@nimbus/api-sdk/admin';
import { formatMoney, useLanguage, useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Checkbox } from '@nimbus/ui/checkbox';
import { PageSection } from '@nimbus/ui/page-section';
import { SelectField, TextField } from '@nimbus/ui/text-field';
import { usePaging } from '@nimbus/web/screens';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { consoleApi } from '../../session/console-api.ts';
import * as styles from '../console.css.ts';
import { QueryTable } from '../QueryTable.tsx';

type Filter = Pick<AdminRequestOf<'adminKolList'>, 'query' | 'active' | 'payableOnly'>;
const STATES = { all: undefined, active: true, former: false } as const;
type State = keyof typeof STATES;

/** KOLs with what they have held, payable and paid out; searched, filtered and paged on the server. */
export function KolsScreen() {
  const { t } = useTranslation('admin-kol');
  const language = useLanguage();
  const paging = usePaging();
  const [draft, setDraft] = useState({ query: '', state: 'all' as State, payableOnly: false });
  const [filter, setFilter] = useState<Filter>({});
  const request = { ...filter, page: paging.page, pageSize: paging.pageSize };
  const kols = useQuery({
    queryKey: ['kols', request],
    queryFn: () => consoleApi().adminKolList(request),
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    paging.setPage(1);
    const active = STATES[draft.state];
    setFilter({
      ...(draft.query.trim() ? { query: draft.query.trim() } : {}),
      ...(active === undefined ? {} : { active }),
      ...(draft.payableOnly ? { payableOnly: true } : {}),
    });
  };
  const money = (minor: number, currency: string) => formatMoney(minor, currency, language);
  return (
    <PageSection
      title={t('kols_title')}
      actions={<Link to="/kol/applications">{t('applications_link')}</Link>}
    >
      <form className={styles.inlineForm} onSubmit={submit} role="search">
        <TextField
          label={t('search_label')}
          hint={t('search_hint')}
          name="query"
          type="search"
          value={draft.query}
          onChange={(e) => setDraft({ ...draft, query: e.target.value })}
        />
        <SelectField
          label={t('state')}
          name="state"
          value={draft.state}
          onChange={(e) =>
            setDraft({
              ...draft,
              state: Object.hasOwn(STATES, e.target.value) ? (e.target.value as State) : 'all',
            })
          }
          options={(Object.keys(STATES) as State[]).map((s) => ({
            value: s,
            label: t(`state_${s}`),
          }))}
        />
        <Checkbox
          checked={draft.payableOnly}
          onChange={(e) => setDraft({ ...draft, payableOnly: e.target.checked })}
        >
          {t('payable_only')}
        </Checkbox>
        <Button type="submit">{t('search')}</Button>
      </form>
      <QueryTable
        query={kols}
        caption={t('kols_title')}
        hideCaption
        emptyText={t('no_kols')}
        rowKey={(k) => k.userId}
        paging={paging}
        columns={[
          {
            key: 'kol',
            header: t('col_kol'),
            cell: (k) => <Link to={`/kol/${k.userId}`}>#{k.userId}</Link>,
          },
          { key: 'account', header: t('col_account'), cell: (k) => k.account },
          { key: 'rate', header: t('col_rate'), cell: (k) => `${k.ratePercent}%` },
          {
            key: 'pending',
            header: t('col_pending'),
            cell: (k) => money(k.pendingMinor, k.currency),
          },
          {
            key: 'payable',
            header: t('col_payable'),
            cell: (k) => money(k.payableMinor, k.currency),
          },
          {
            key: 'settled',
            header: t('col_settled'),
            cell: (k) => money(k.settledMinor, k.currency),
          },
          {
            key: 'payout',
            header: t('col_payout'),
            cell: (k) =>
              k.payoutEligible
                ? t('payout_due')
                : t('payout_not_due', { threshold: money(k.thresholdMinor, k.currency) }),
          },
        ]}
      />
    </PageSection>
  );
}
