import type { Device } from '@nimbus/api-sdk/contract';
import { useTranslation } from '@nimbus/i18n';
import { Badge } from '@nimbus/ui/badge';
import { Button } from '@nimbus/ui/button';
import { DataTable, type DataColumn } from '@nimbus/ui/data-table';
import { ConfirmDialog } from '@nimbus/ui/dialog';
import { InlineEdit } from '@nimbus/ui/inline-edit';
import { kindKey, platformKey } from './device-labels.ts';
import * as styles from './device.css.ts';

/** Device names are at most 64 characters (contract UpdateDeviceRequest). */
export const DEVICE_NAME_MAX = 64;

export interface DeviceTableProps {
  devices: readonly Device[];
  loading: boolean;
  /** Saves a cleaned name (newlines stripped, trimmed); rejects to keep the field open. */
  onRename: (device: Device, name: string) => Promise<unknown>;
  onUnbind: (device: Device) => Promise<unknown>;
}

/**
 * Type, id, system, version and name of each bound device; rename in place, unbind after
 * confirming.
 */
export function DeviceTable({ devices, loading, onRename, onUnbind }: DeviceTableProps) {
  const { t } = useTranslation(['device', 'common', 'validation']);
  const displayName = (device: Device) => device.name || t('device:unnamed');
  const columns: DataColumn<Device>[] = [
    {
      key: 'type',
      header: t('device:col_type'),
      cell: (d) => (
        <span className={styles.type}>
          <span>{t(`device:${platformKey(d.type)}`)}</span>
          <span className={styles.muted}>{t(`device:${kindKey(d.kind)}`)}</span>
        </span>
      ),
    },
    {
      key: 'id',
      header: t('device:col_id'),
      cell: (d) => (
        <span className={styles.id} title={d.id}>
          {d.id}
        </span>
      ),
    },
    {
      key: 'system',
      header: t('device:col_system'),
      cell: (d) => d.system || t('common:empty_value'),
    },
    {
      key: 'version',
      header: t('device:col_version'),
      cell: (d) => d.version || t('common:empty_value'),
    },
    {
      key: 'name',
      header: t('device:col_name'),
      cell: (d) => (
        <span className={styles.name}>
          <InlineEdit
            value={d.name}
            placeholder={t('device:unnamed')}
            onSave={(name) => onRename(d, name)}
            label={t('device:col_name')}
            editLabel={`${t('device:rename')} ${displayName(d)}`}
            emptyMessage={t('validation:text_required')}
            maxLength={DEVICE_NAME_MAX}
          />
          {d.current && <Badge tone="brand">{t('device:this_device')}</Badge>}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('device:col_actions'),
      align: 'end',
      cell: (d) => (
        <ConfirmDialog
          trigger={
            <Button
              variant="ghost"
              size="sm"
              aria-label={`${t('device:unbind')} ${displayName(d)}`}
            >
              {t('device:unbind')}
            </Button>
          }
          title={t('device:unbind_confirm_title')}
          description={t('device:unbind_confirm_body', { name: displayName(d) })}
          confirmLabel={t('device:unbind_confirm_button')}
          cancelLabel={t('common:button_cancel')}
          tone="danger"
          onConfirm={() => onUnbind(d)}
        />
      ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={devices}
      rowKey={(d) => d.id}
      caption={t('device:title')}
      hideCaption
      loading={loading}
      loadingLabel={t('common:loading')}
      emptyText={t('device:empty')}
    />
  );
}
