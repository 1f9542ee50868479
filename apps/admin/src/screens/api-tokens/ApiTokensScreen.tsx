import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { API_TOKEN_DAYS_MAX, API_TOKEN_NAME_MAX, API_TOKEN_SCOPES } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Checkbox } from '@nimbus/ui/checkbox';
import { DataTable } from '@nimbus/ui/data-table';
import { PageSection } from '@nimbus/ui/page-section';
import { TextField } from '@nimbus/ui/text-field';
import { LoadFailed } from '@nimbus/web/screens';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import * as styles from '../console.css.ts';
import { messageOf } from '../errors.ts';
import { SecretShownOnce } from '../SecretShownOnce.tsx';
import { when } from '../format.ts';
import * as setup from '../setup.css.ts';

type Token = AdminResponseOf<'adminApiTokenList'>['items'][number];
type Scope = (typeof API_TOKEN_SCOPES)[number];

/** Each scope in words (a typed key per scope: a new scope without words fails to compile). */
const SCOPE_LABELS = {
  'overview.read': 'api_token_scope_overview_read',
  'users.read': 'api_token_scope_users_read',
  'users.manage': 'api_token_scope_users_manage',
  'orders.read': 'api_token_scope_orders_read',
  'orders.manage': 'api_token_scope_orders_manage',
  'codes.manage': 'api_token_scope_codes_manage',
  'kol.manage': 'api_token_scope_kol_manage',
  'tickets.manage': 'api_token_scope_tickets_manage',
  'audit.read': 'api_token_scope_audit_read',
} as const satisfies Record<Scope, string>;

/** A new token's secret, shown this once, with copy. */
function ShownSecret({ name, secret }: { name: string; secret: string }) {
  const { t } = useTranslation('admin');
  return (
    <SecretShownOnce
      id="api-token-secret"
      title={t('api_token_secret_title', { name })}
      warning={t('api_token_secret_warning')}
      secret={secret}
      testId="api-token-secret"
      copy={{
        label: t('api_token_copy'),
        copied: t('api_token_copied'),
        failed: t('api_token_copy_failed'),
      }}
    />
  );
}

/**
 * Scoped API tokens (admin): make one for a program (name, what it may do, when it expires; the
 * secret shown once), see each one's scopes and last use, revoke one at once.
 */
export function ApiTokensScreen() {
  const { t } = useTranslation(['admin', 'common']);
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [days, setDays] = useState('');
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);
  const [notice, setNotice] = useState('');
  const tokens = useQuery({
    queryKey: ['api-tokens'],
    queryFn: () => consoleApi().adminApiTokenList({}),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['api-tokens'] });
  const create = useMutation({
    mutationFn: () =>
      consoleApi().adminApiTokenCreate({
        name: name.trim(),
        scopes,
        expiresInDays: days.trim() === '' ? null : Number(days),
      }),
    onSuccess: ({ token, secret }) => {
      setShown({ name: token.name, secret });
      setName('');
      setScopes([]);
      setDays('');
      setNotice('');
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (token: Token) => consoleApi().adminApiTokenRevoke({ tokenId: token.tokenId }),
    onSuccess: ({ token }) => {
      setShown(null);
      setNotice(t('api_token_revoked', { name: token.name }));
      refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const failure = create.error ?? revoke.error;
  const state = (token: Token) =>
    token.revokedAt !== null
      ? t('api_token_state_revoked', { when: when(token.revokedAt) })
      : token.expiresAt !== null && token.expiresAt <= Date.now()
        ? t('api_token_state_expired')
        : t('api_token_state_live');

  return (
    <PageSection title={t('api_tokens_title')} lead={t('api_tokens_lead')}>
      <section className={styles.card} aria-labelledby="new-api-token">
        <h2 id="new-api-token" className={styles.sectionTitle}>
          {t('api_token_new')}
        </h2>
        <form onSubmit={submit}>
          <div className={setup.fieldGrid}>
            <TextField
              label={t('api_token_name')}
              name="name"
              autoComplete="off"
              maxLength={API_TOKEN_NAME_MAX}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
            />
            <TextField
              label={t('api_token_days')}
              name="days"
              inputMode="numeric"
              hint={t('api_token_days_hint', { max: API_TOKEN_DAYS_MAX })}
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </div>
          <fieldset className={setup.checks}>
            <legend>{t('api_token_scopes')}</legend>
            {API_TOKEN_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                id={`scope-${scope}`}
                checked={scopes.includes(scope)}
                onChange={(e) =>
                  setScopes(
                    e.target.checked ? [...scopes, scope] : scopes.filter((s) => s !== scope),
                  )
                }
              >
                {t(SCOPE_LABELS[scope])}
              </Checkbox>
            ))}
          </fieldset>
          <Button type="submit" loading={create.isPending} disabled={scopes.length === 0}>
            {t('api_token_create')}
          </Button>
        </form>
      </section>
      {shown && <ShownSecret name={shown.name} secret={shown.secret} />}
      <p role="status">{notice}</p>
      {failure && (
        <p role="alert" className={styles.alert}>
          {messageOf(failure)}
        </p>
      )}
      {tokens.isError ? (
        <LoadFailed onRetry={() => void tokens.refetch()} />
      ) : (
        <DataTable
          caption={t('api_tokens_title')}
          hideCaption
          loading={tokens.isPending}
          loadingLabel={t('common:loading')}
          emptyText={t('api_tokens_empty')}
          rows={tokens.data?.items ?? []}
          rowKey={(token) => token.tokenId}
          columns={[
            { key: 'name', header: t('api_token_name'), cell: (token) => token.name },
            {
              key: 'scopes',
              header: t('api_token_scopes'),
              cell: (token) => token.scopes.join(', '),
            },
            { key: 'by', header: t('api_token_by'), cell: (token) => token.createdBy },
            {
              key: 'created',
              header: t('api_token_created'),
              cell: (token) => when(token.createdAt),
            },
            {
              key: 'used',
              header: t('api_token_used'),
              cell: (token) => (token.lastUsedAt === null ? '-' : when(token.lastUsedAt)),
            },
            {
              key: 'expires',
              header: t('api_token_expires'),
              cell: (token) =>
                token.expiresAt === null ? t('api_token_never') : when(token.expiresAt),
            },
            { key: 'state', header: t('api_token_state'), cell: state },
            {
              key: 'actions',
              header: t('api_token_actions'),
              cell: (token) =>
                token.revokedAt === null ? (
                  <Button
                    size="sm"
                    variant="danger"
                    aria-label={t('api_token_revoke_label', { name: token.name })}
                    loading={revoke.isPending && revoke.variables?.tokenId === token.tokenId}
                    onClick={() => revoke.mutate(token)}
                  >
                    {t('api_token_revoke')}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
    </PageSection>
  );
}
