import type { AdminRequestOf, AdminResponseOf } from '@nimbus/api-sdk/admin';
import { KolApplicationStatus } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { PageSection } from '@nimbus/ui/page-section';
import { SelectField, TextField } from '@nimbus/ui/text-field';
import { usePaging } from '@nimbus/web/screens';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { consoleApi } from '../../session/console-api.ts';
import * as styles from '../console.css.ts';
import { messageOf } from '../errors.ts';
import { when } from '../format.ts';
import { plainList } from './kol.css.ts';
import { QueryTable } from '../QueryTable.tsx';

type Application = AdminResponseOf<'adminKolApplications'>['items'][number];
type Status = NonNullable<AdminRequestOf<'adminKolApplications'>['status']>;
type Decision = 'approve' | 'decline';

const STATUSES = Object.values(KolApplicationStatus);
const isStatus = (value: string): value is Status => (STATUSES as string[]).includes(value);

/**
 * The KOL programme's applications, the pending queue first (oldest first, paged on the server):
 * finance approves at a rate (or the default) or declines with the reason the applicant sees.
 */
export function KolApplicationsScreen() {
  const { t } = useTranslation('admin-kol');
  const paging = usePaging();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Status | 'all'>('pending');
  const [status, setStatus] = useState<Status | 'all'>('pending');
  const [acting, setActing] = useState<{ kind: Decision; application: Application } | null>(null);
  const [text, setText] = useState('');
  const [notice, setNotice] = useState('');
  const request = {
    ...(status === 'all' ? {} : { status }),
    page: paging.page,
    pageSize: paging.pageSize,
  };
  const applications = useQuery({
    queryKey: ['kol-applications', request],
    queryFn: () => consoleApi().adminKolApplications(request),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: ({ kind, application }: { kind: Decision; application: Application }) => {
      const api = consoleApi();
      const applicationId = application.id;
      if (kind === 'decline') return api.adminKolDecline({ applicationId, reason: text });
      const rate = text.trim();
      return api.adminKolApprove({
        applicationId,
        ...(rate === '' ? {} : { ratePercent: Number(rate) }),
      });
    },
    onSuccess: ({ application }, { kind }) => {
      setNotice(t(kind === 'approve' ? 'approved_done' : 'declined_done', { id: application.id }));
      setActing(null);
      setText('');
      void queryClient.invalidateQueries({ queryKey: ['kol-applications'] });
      void queryClient.invalidateQueries({ queryKey: ['kols'] });
    },
  });
  const filter = (event: FormEvent) => {
    event.preventDefault();
    paging.setPage(1);
    setStatus(draft);
  };
  const onDecide = (event: FormEvent) => {
    event.preventDefault();
    if (acting) decide.mutate(acting);
  };
  return (
    <PageSection
      title={t('applications_title')}
      actions={<Link to="/kol">{t('back_to_kols')}</Link>}
    >
      <form className={styles.inlineForm} onSubmit={filter} role="search">
        <SelectField
          label={t('filter_status')}
          name="status"
          value={draft}
          onChange={(e) => setDraft(isStatus(e.target.value) ? e.target.value : 'all')}
          options={[
            ...STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) })),
            { value: 'all', label: t('status_all') },
          ]}
        />
        <Button type="submit">{t('filter')}</Button>
      </form>
      {acting && (
        <form className={styles.card} onSubmit={onDecide} aria-labelledby="kol-decision-title">
          <h2 id="kol-decision-title" className={styles.sectionTitle}>
            {t(acting.kind === 'approve' ? 'approve_title' : 'decline_title', {
              id: acting.application.id,
            })}
          </h2>
          <div className={styles.inlineForm}>
            <TextField
              label={t(acting.kind === 'approve' ? 'approve_rate' : 'decline_reason')}
              name="decision-text"
              inputMode={acting.kind === 'approve' ? 'numeric' : 'text'}
              value={text}
              onChange={(e) => setText(e.target.value)}
              required={acting.kind === 'decline'}
            />
            <Button
              type="submit"
              variant={acting.kind === 'approve' ? 'primary' : 'danger'}
              loading={decide.isPending}
            >
              {t(acting.kind)}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setActing(null)}>
              {t('cancel')}
            </Button>
          </div>
          {decide.isError && (
            <p role="alert" className={styles.alert}>
              {messageOf(decide.error)}
            </p>
          )}
        </form>
      )}
      <p role="status">{notice}</p>
      <QueryTable
        query={applications}
        caption={t('applications_title')}
        hideCaption
        emptyText={t('no_applications')}
        rowKey={(a) => a.id}
        paging={paging}
        columns={[
          { key: 'id', header: t('col_application'), cell: (a) => a.id },
          {
            key: 'user',
            header: t('col_user'),
            cell: (a) => <Link to={`/users/${a.userId}`}>{a.account}</Link>,
          },
          { key: 'submitted', header: t('col_submitted'), cell: (a) => when(a.submittedAt) },
          {
            key: 'links',
            header: t('col_links'),
            cell: (a) => (
              <ul className={plainList}>
                {a.links.map((link) => (
                  <li key={link}>
                    <a href={link} target="_blank" rel="noopener noreferrer">
                      {link}
                    </a>
                  </li>
                ))}
              </ul>
            ),
          },
          { key: 'audience', header: t('col_audience'), cell: (a) => a.audience },
          {
            key: 'wallet',
            header: t('col_wallet'),
            cell: (a) => (
              <span className={styles.secret}>
                {a.wallet.network} {a.wallet.address}
              </span>
            ),
          },
          {
            key: 'status',
            header: t('col_status'),
            cell: (a) =>
              a.declineReason
                ? `${t(`status_${a.status}`)}: ${a.declineReason}`
                : t(`status_${a.status}`),
          },
          {
            key: 'actions',
            header: t('col_actions'),
            cell: (a) =>
              a.status !== 'pending'
                ? null
                : (['approve', 'decline'] as const).map((kind) => (
                    <Button
                      key={kind}
                      size="sm"
                      variant="secondary"
                      aria-label={`${t(kind)} ${a.id}`}
                      onClick={() => {
                        decide.reset();
                        setText('');
                        setActing({ kind, application: a });
                      }}
                    >
                      {t(kind)}
                    </Button>
                  )),
          },
        ]}
      />
    </PageSection>
  );
}
