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

/** The form that adds an endpoint; the server checks the URL (public addresses only). */
export function NewWebhookForm({
  onCreated,
}: {
  onCreated: (url: string, secret: string) => void;
}) {
  const { t } = useTranslation('admin-webhooks');
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [enabled, setEnabled] = useState(true);
  const [problem, setProblem] = useState('');
  const create = useMutation({
    mutationFn: () =>
      consoleApi().adminWebhookCreate({ url: url.trim(), description, events, enabled }),
    onSuccess: ({ endpoint, secret }) => {
      setUrl('');
      setDescription('');
      setEvents([]);
      onCreated(endpoint.url, secret);
      void queryClient.invalidateQueries({ queryKey: ['webhooks'] });
    },
  });
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
    <form onSubmit={submit} noValidate className={base.card} aria-labelledby="new-webhook-title">
      <h2 id="new-webhook-title" className={base.sectionTitle}>
        {t('new_title')}
      </h2>
      <div className={styles.fieldGrid}>
        <TextField
          id="webhook-url"
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
          id="webhook-description"
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
                id={`webhook-event-${type}`}
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
          id="webhook-enabled"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        >
          {t('field_enabled')}
        </Checkbox>
      </div>
      <SaveCancel
        variant="create"
        label={t('create')}
        saving={create.isPending}
        problem={problem}
        error={create.error}
      />
    </form>
  );
}
