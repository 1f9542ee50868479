import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { Checkbox } from '@nimbus/ui/checkbox';
import { TextField } from '@nimbus/ui/text-field';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import * as base from '../console.css.ts';
import { SaveCancel } from '../SaveCancel.tsx';
import * as styles from '../setup.css.ts';

type Endpoint = AdminResponseOf<'adminWebhookList'>['items'][number];

/**
 * The form that adds an endpoint, or edits one (`editing`: its URL, description, events and
 * switch; the secret stays); the server checks the URL (public addresses only).
 */
export function NewWebhookForm({
  onCreated,
  editing,
  onSaved,
  onCancel,
}: {
  onCreated?: (url: string, secret: string) => void;
  editing?: Endpoint;
  onSaved?: (url: string) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('admin-webhooks');
  const queryClient = useQueryClient();
  const [url, setUrl] = useState(editing?.url ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(
    editing ? WEBHOOK_EVENT_TYPES.filter((type) => editing.events.includes(type)) : [],
  );
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  const [problem, setProblem] = useState('');
  const create = useMutation({
    mutationFn: async () => {
      const fields = { url: url.trim(), description, events, enabled };
      if (editing) {
        const { endpoint } = await consoleApi().adminWebhookUpdate({
          endpointId: editing.endpointId,
          ...fields,
        });
        return { endpoint, secret: null };
      }
      return consoleApi().adminWebhookCreate(fields);
    },
    onSuccess: ({ endpoint, secret }) => {
      void queryClient.invalidateQueries({ queryKey: ['webhooks'] });
      if (secret === null) return onSaved?.(endpoint.url);
      setUrl('');
      setDescription('');
      setEvents([]);
      onCreated?.(endpoint.url, secret);
    },
  });
  const prefix = editing ? `webhook-edit-${editing.endpointId}` : 'webhook';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (events.length === 0) {
      setProblem(t('events_required'));
      return;
    }
    setProblem('');
    create.mutate();
  };
  return (
    <form onSubmit={submit} noValidate className={base.card} aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`} className={base.sectionTitle}>
        {editing ? t('edit_title', { url: editing.url }) : t('new_title')}
      </h2>
      <div className={styles.fieldGrid}>
        <TextField
          id={`${prefix}-url`}
          label={t('field_url')}
          hint={t('field_url_hint')}
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <TextField
          id={`${prefix}-description`}
          label={t('field_description')}
          name="description"
          autoComplete="off"
          maxLength={200}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <fieldset className={styles.wide}>
          <legend>{t('field_events')}</legend>
          <div className={styles.checks}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                id={`${prefix}-event-${type}`}
                checked={events.includes(type)}
                onChange={(e) =>
                  setEvents(e.target.checked ? [...events, type] : events.filter((x) => x !== type))
                }
              >
                <code>{type}</code>
              </Checkbox>
            ))}
          </div>
        </fieldset>
        <Checkbox
          id={`${prefix}-enabled`}
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        >
          {t('field_enabled')}
        </Checkbox>
      </div>
      {editing ? (
        <SaveCancel
          saving={create.isPending}
          problem={problem}
          error={create.error}
          onCancel={() => onCancel?.()}
        />
      ) : (
        <SaveCancel
          variant="create"
          label={t('create')}
          saving={create.isPending}
          problem={problem}
          error={create.error}
        />
      )}
    </form>
  );
}
