import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { DataTable } from '@nimbus/ui/data-table';
import { PageSection } from '@nimbus/ui/page-section';
import { LoadFailed } from '@nimbus/web/screens';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import { when } from '../format.ts';
import * as styles from '../setup.css.ts';
import { EditSetting, type SettingRow } from './EditSetting.tsx';

const short = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}...` : text);

/** Every run-time setting (a fixed set) with its value in force; an admin edits one at a time. */
export function SettingsScreen() {
  const { t } = useTranslation(['admin-setup', 'common']);
  const [editing, setEditing] = useState<SettingRow | null>(null);
  const [notice, setNotice] = useState('');
  const settings = useQuery({
    queryKey: ['settings'],
    queryFn: () => consoleApi().adminSettingList({}),
  });
  // A key's own words in the reader's language ('features.redeem' → setting_features_redeem).
  const label = (key: string) => t(`setting_${key.replace(/\./g, '_')}`, { defaultValue: key });
  return (
    <PageSection title={t('settings_title')}>
      <p className={styles.intro}>{t('settings_intro')}</p>
      {editing && (
        <EditSetting
          key={editing.key}
          setting={editing}
          label={label(editing.key)}
          onClose={() => setEditing(null)}
          onSaved={(key) => {
            setEditing(null);
            setNotice(t('setting_saved', { key: label(key) }));
          }}
        />
      )}
      <p role="status">{notice}</p>
      {settings.isError ? (
        <LoadFailed onRetry={() => void settings.refetch()} />
      ) : (
        <DataTable
          caption={t('settings_title')}
          hideCaption
          loading={settings.isPending}
          loadingLabel={t('common:loading')}
          emptyText="-"
          rows={settings.data?.items ?? []}
          rowKey={(s) => s.key}
          columns={[
            {
              key: 'setting',
              header: t('col_setting'),
              cell: (s) => (
                <>
                  {label(s.key)}
                  <br />
                  <code className={styles.key}>{s.key}</code>
                </>
              ),
            },
            {
              key: 'value',
              header: t('col_value'),
              cell: (s) =>
                s.boolean
                  ? s.text === 'true'
                    ? t('setting_on')
                    : t('setting_off')
                  : short(s.text),
            },
            {
              key: 'source',
              header: t('col_source'),
              cell: (s) => (s.isSet ? t('source_set') : t('source_default', { env: s.env })),
            },
            {
              key: 'changed',
              header: t('col_changed'),
              cell: (s) =>
                s.updatedAt === null
                  ? '-'
                  : t('changed_by', { when: when(s.updatedAt), who: s.updatedBy ?? '-' }),
            },
            {
              key: 'actions',
              header: t('col_actions'),
              cell: (s) => (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('edit_setting_label', { key: s.key })}
                  onClick={() => setEditing(s)}
                >
                  {t('edit')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </PageSection>
  );
}
