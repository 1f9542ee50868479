import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { OPERATOR_ROLES, type OperatorRole } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { PageSection } from '@nimbus/ui/page-section';
import { SelectField, TextField } from '@nimbus/ui/text-field';
import { usePaging } from '@nimbus/web/screens';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { consoleApi } from '../session/console-api.ts';
import * as styles from './console.css.ts';
import { messageOf } from './errors.ts';
import { when } from './format.ts';
import { QueryTable } from './QueryTable.tsx';

type Created = AdminResponseOf<'adminOperatorCreate'>;

/** The console's operators; an admin creates one and hands over the first password. */
export function OperatorsScreen() {
  const { t } = useTranslation('admin');
  const paging = usePaging();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [created, setCreated] = useState<Created | null>(null);
  const request = { page: paging.page, pageSize: paging.pageSize };
  const operators = useQuery({
    queryKey: ['operators', request],
    queryFn: () => consoleApi().adminOperatorList(request),
  });
  const create = useMutation({
    mutationFn: () => consoleApi().adminOperatorCreate({ username, role }),
    onSuccess: (result) => {
      setCreated(result);
      setUsername('');
      void queryClient.invalidateQueries({ queryKey: ['operators'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <PageSection title={t('operators_title')}>
      <section className={styles.card} aria-labelledby="create-operator">
        <h2 id="create-operator" className={styles.sectionTitle}>
          {t('create_operator')}
        </h2>
        <form className={styles.inlineForm} onSubmit={submit}>
          <TextField
            label={t('username')}
            name="new-operator"
            autoComplete="off"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
          />
          <SelectField
            label={t('role')}
            name="role"
            value={role}
            onChange={(e) => setRole(OPERATOR_ROLES.find((r) => r === e.target.value) ?? 'support')}
            options={OPERATOR_ROLES.map((r) => ({ value: r, label: t(`role_${r}`) }))}
          />
          <Button type="submit" loading={create.isPending}>
            {t('create')}
          </Button>
        </form>
        {create.isError && (
          <p role="alert" className={styles.alert}>
            {messageOf(create.error)}
          </p>
        )}
        {created && (
          <p role="status">
            {t('first_password', { name: created.operator.username })}{' '}
            <span className={styles.secret} data-testid="first-password">
              {created.password}
            </span>
          </p>
        )}
      </section>
      <QueryTable
        query={operators}
        caption={t('operators_title')}
        hideCaption
        emptyText={t('no_operators')}
        rowKey={(o) => o.operatorId}
        paging={paging}
        columns={[
          { key: 'name', header: t('col_name'), cell: (o) => o.username },
          { key: 'role', header: t('col_role'), cell: (o) => t(`role_${o.role}`) },
          {
            key: 'two-factor',
            header: t('col_two_factor'),
            cell: (o) => (o.enrolled ? t('yes') : t('no')),
          },
          { key: 'last', header: t('col_last_sign_in'), cell: (o) => when(o.lastLoginAt) },
        ]}
      />
    </PageSection>
  );
}
