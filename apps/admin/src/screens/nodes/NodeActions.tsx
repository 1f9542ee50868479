import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { ConfirmDialog } from '@nimbus/ui/dialog';
import { TextField } from '@nimbus/ui/text-field';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import * as base from '../console.css.ts';
import { messageOf } from '../errors.ts';
import * as styles from '../setup.css.ts';
import type { NodeRow } from './node-draft.ts';

/** The longest the old token may keep working after a rotation (the call's limit: a week). */
export const GRACE_MINUTES_MAX = 7 * 24 * 60;

export interface Rotation {
  key: string;
  token: string;
  graceMinutes: number;
}

interface NodeActionsProps {
  node: NodeRow;
  onNotice: (text: string) => void;
  onRotated: (rotation: Rotation) => void;
}

/** A row's actions, each confirmed in a dialog: enable or disable, rotate the feed token. */
export function NodeActions({ node, onNotice, onRotated }: NodeActionsProps) {
  const { t } = useTranslation(['admin-nodes', 'validation']);
  const queryClient = useQueryClient();
  const [grace, setGrace] = useState('0');
  const [graceError, setGraceError] = useState<string | undefined>();
  const [failure, setFailure] = useState('');
  const { key } = node;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['nodes'] });

  const toggle = async () => {
    setFailure('');
    try {
      await consoleApi().adminNodeSetEnabled({ key, enabled: !node.enabled });
    } catch (error) {
      setFailure(messageOf(error));
      throw error;
    }
    onNotice(t(node.enabled ? 'node_disabled' : 'node_enabled', { key }));
    await refresh();
  };

  const rotate = async () => {
    setFailure('');
    const minutes = /^\d{1,5}$/.test(grace.trim()) ? Number(grace) : NaN;
    if (!(minutes <= GRACE_MINUTES_MAX)) {
      setGraceError(t('validation:count_invalid', { max: GRACE_MINUTES_MAX }));
      throw new Error('grace minutes');
    }
    setGraceError(undefined);
    try {
      const { token } = await consoleApi().adminNodeRotateToken({ key, graceMinutes: minutes });
      onRotated({ key, token, graceMinutes: minutes });
    } catch (error) {
      setFailure(messageOf(error));
      throw error;
    }
    setGrace('0');
    await refresh();
  };

  const failed = failure && (
    <p role="alert" className={base.alert}>
      {failure}
    </p>
  );
  const verb = node.enabled ? 'disable' : 'enable';
  return (
    <div className={styles.actions}>
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="secondary" aria-label={t(`${verb}_label`, { key })}>
            {t(verb)}
          </Button>
        }
        title={t(`${verb}_title`, { key })}
        description={t(`${verb}_description`)}
        confirmLabel={t(verb)}
        cancelLabel={t('cancel')}
        tone={node.enabled ? 'danger' : 'primary'}
        onConfirm={toggle}
      >
        {failed}
      </ConfirmDialog>
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="secondary" aria-label={t('rotate_label', { key })}>
            {t('rotate')}
          </Button>
        }
        title={t('rotate_title', { key })}
        description={t('rotate_description')}
        confirmLabel={t('rotate')}
        cancelLabel={t('cancel')}
        tone="danger"
        onConfirm={rotate}
      >
        <TextField
          label={t('grace_minutes')}
          hint={t('grace_hint', { max: GRACE_MINUTES_MAX })}
          name="grace-minutes"
          inputMode="numeric"
          autoComplete="off"
          value={grace}
          onChange={(e) => setGrace(e.target.value)}
          error={graceError}
        />
        {failed}
      </ConfirmDialog>
    </div>
  );
}
