import { NODE_PROTOCOLS, xrayrLimits } from '@nimbus/domain';
import { useTranslation, useValidationText } from '@nimbus/i18n';
import { LinkButton } from '@nimbus/ui/link-button';
import { PageSection } from '@nimbus/ui/page-section';
import { SelectField, TextAreaField, TextField } from '@nimbus/ui/text-field';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import * as base from '../console.css.ts';
import { SaveCancel } from '../SaveCancel.tsx';
import * as styles from '../setup.css.ts';
import { CreatedNode } from './CreatedNode.tsx';
import {
  EMPTY_NODE,
  PARAMS_EXAMPLES,
  parseNodeDraft,
  type NewNode,
  type NodeDraft,
  type NodeDraftErrors,
  type NodeDraftField,
} from './node-draft.ts';

/** The settings as typed, when they are JSON (the form reports bad JSON itself on submit). */
function parsedParams(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

type Created = { input: NewNode; nodeId: string; token: string; realityPublicKey: string | null };

/**
 * A new node (admin), as `pnpm ops nodes add` takes it; once created, its feed token is shown
 * once with the V2bX entry that points the node at this server.
 */
export function NewNodeScreen() {
  const { t } = useTranslation(['admin-nodes', 'validation']);
  const validationText = useValidationText();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(EMPTY_NODE);
  const [errors, setErrors] = useState<NodeDraftErrors>({});
  const [created, setCreated] = useState<Created | null>(null);
  // What XrayR cannot serve of these settings (domain xrayrLimits): said before the node is made.
  const limits = xrayrLimits(draft.protocol, parsedParams(draft.params));
  const create = useMutation({
    mutationFn: async (input: NewNode) => {
      const { node, token } = await consoleApi().adminNodeCreate(input);
      return { input, nodeId: node.nodeId, token, realityPublicKey: node.realityPublicKey };
    },
    onSuccess: (result) => {
      setCreated(result);
      setDraft(EMPTY_NODE);
      void queryClient.invalidateQueries({ queryKey: ['nodes'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseNodeDraft(draft);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (parsed.ok) create.mutate(parsed.node);
  };
  if (created)
    return (
      <PageSection title={t('new_title')}>
        <CreatedNode {...created} onAnother={() => setCreated(null)} />
      </PageSection>
    );

  const errorOf = (field: NodeDraftField) => {
    const error = errors[field];
    return error && validationText(error.key, error.max === undefined ? {} : { max: error.max });
  };
  const text = (field: NodeDraftField, label: string, extra: Record<string, string> = {}) => (
    <TextField
      id={`node-${field}`}
      label={label}
      name={field}
      autoComplete="off"
      value={draft[field]}
      onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
      error={errorOf(field)}
      {...extra}
    />
  );
  const set = (change: Partial<NodeDraft>) => setDraft({ ...draft, ...change });
  return (
    <PageSection title={t('new_title')}>
      <p className={styles.intro}>{t('new_intro')}</p>
      <form onSubmit={submit} noValidate className={base.card}>
        <div className={styles.fieldGrid}>
          {text('key', t('field_key'), { hint: t('field_key_hint'), required: 'required' })}
          {text('name', t('field_name'), { required: 'required' })}
          {text('region', t('field_region'), {
            hint: t('field_region_hint'),
            required: 'required',
          })}
          <SelectField
            id="node-protocol"
            label={t('field_protocol')}
            name="protocol"
            value={draft.protocol}
            onChange={(e) =>
              set({ protocol: NODE_PROTOCOLS.find((p) => p === e.target.value) ?? 'vless' })
            }
            options={NODE_PROTOCOLS.map((p) => ({ value: p, label: t(`protocol_${p}`) }))}
          />
          {text('host', t('field_host'), { hint: t('field_host_hint'), required: 'required' })}
          {text('port', t('field_port'), { inputMode: 'numeric', required: 'required' })}
          <SelectField
            id="node-access"
            label={t('field_access')}
            name="access"
            value={draft.access}
            onChange={(e) => set({ access: e.target.value === 'lite' ? 'lite' : 'standard' })}
            options={[
              { value: 'standard', label: t('access_standard') },
              { value: 'lite', label: t('access_lite') },
            ]}
          />
          {text('capacity', t('field_capacity'), {
            inputMode: 'numeric',
            hint: t('field_capacity_hint'),
          })}
          <TextAreaField
            id="node-params"
            className={base.secret}
            fieldClassName={styles.wide}
            label={t('field_params')}
            hint={t('field_params_hint', { example: PARAMS_EXAMPLES[draft.protocol] })}
            name="params"
            rows={3}
            spellCheck={false}
            value={draft.params}
            onChange={(e) => set({ params: e.target.value })}
            error={errorOf('params')}
            required
          />
        </div>
        {limits.length > 0 && (
          <p className={styles.warning} role="note" data-testid="needs-v2bx">
            {limits.map((limit) => t(`needs_v2bx_${limit}`)).join(' ')}
          </p>
        )}
        <SaveCancel
          variant="create"
          label={t('create')}
          saving={create.isPending}
          error={create.error}
        />
      </form>
      <p>
        <LinkButton href="/admin/nodes" variant="secondary" size="sm">
          {t('back_to_nodes')}
        </LinkButton>
      </p>
    </PageSection>
  );
}
