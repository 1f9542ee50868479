import { useTranslation } from '@nimbus/i18n';
import { StatusTag } from '@nimbus/ui/badge';
import { Button } from '@nimbus/ui/button';
import { PageSection } from '@nimbus/ui/page-section';
import { usePaging } from '@nimbus/web/screens';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import { EditRemoveActions } from '../EditRemoveActions.tsx';
import { messageOf } from '../errors.ts';
import { when } from '../format.ts';
import { QueryTable } from '../QueryTable.tsx';
import * as base from '../console.css.ts';
import * as styles from '../setup.css.ts';
import { BenefitForm } from './BenefitForm.tsx';
import type { BenefitRow } from './benefit-draft.ts';

/**
 * The benefits yearly members get (shared accounts), paged on the server: an admin adds, edits
 * and removes them. Passwords are typed here and never shown: a row says whether one is set.
 */
export function BenefitsScreen() {
  const { t } = useTranslation('admin-setup');
  const queryClient = useQueryClient();
  const paging = usePaging();
  const [editing, setEditing] = useState<BenefitRow | 'new' | null>(null);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');
  const request = { page: paging.page, pageSize: paging.pageSize };
  const benefits = useQuery({
    queryKey: ['benefits', request],
    queryFn: () => consoleApi().adminBenefitList(request),
    placeholderData: keepPreviousData,
  });
  const remove = async (key: string) => {
    setProblem('');
    try {
      await consoleApi().adminBenefitRemove({ key });
      setNotice(t('benefit_removed', { key }));
    } catch (error) {
      setProblem(messageOf(error));
    }
    await queryClient.invalidateQueries({ queryKey: ['benefits'] });
  };
  return (
    <PageSection title={t('benefits_title')}>
      <p className={styles.intro}>{t('benefits_intro')}</p>
      {editing === null ? (
        <div className={styles.toolbar}>
          <Button onClick={() => setEditing('new')}>{t('new_benefit')}</Button>
        </div>
      ) : (
        <BenefitForm
          key={editing === 'new' ? 'new' : editing.key}
          benefit={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, outcome) => {
            setEditing(null);
            setNotice(
              t(outcome === 'created' ? 'benefit_created' : 'benefit_saved', { key: saved.key }),
            );
          }}
        />
      )}
      <p role="status">{notice}</p>
      {problem && (
        <p role="alert" className={base.alert}>
          {problem}
        </p>
      )}
      <QueryTable
        query={benefits}
        caption={t('benefits_title')}
        hideCaption
        emptyText={t('no_benefits')}
        rowKey={(b) => b.key}
        paging={paging}
        columns={[
          { key: 'position', header: t('col_position'), cell: (b) => b.sortOrder },
          {
            key: 'benefit',
            header: t('col_benefit'),
            cell: (b) => (
              <>
                {b.name}
                <br />
                <code className={styles.key}>{b.key}</code>
              </>
            ),
          },
          { key: 'account', header: t('col_account'), cell: (b) => b.accountName },
          {
            key: 'link',
            header: t('col_link'),
            cell: (b) => <span className={styles.key}>{b.link}</span>,
          },
          {
            key: 'password',
            header: t('col_password'),
            cell: (b) => (
              <StatusTag tone={b.passwordSet ? 'success' : 'warning'}>
                {b.passwordSet ? t('password_set') : t('password_missing')}
              </StatusTag>
            ),
          },
          { key: 'changed', header: t('col_changed'), cell: (b) => when(b.updatedAt) },
          {
            key: 'actions',
            header: t('col_actions'),
            cell: (b) => (
              <EditRemoveActions
                editLabel={t('edit_benefit_label', { name: b.name })}
                removeLabel={t('remove_benefit_label', { name: b.name })}
                removeTitle={t('remove_benefit_title', { name: b.name })}
                removeText={t('remove_benefit_text')}
                onEdit={() => setEditing(b)}
                onRemove={() => remove(b.key)}
              />
            ),
          },
        ]}
      />
    </PageSection>
  );
}
