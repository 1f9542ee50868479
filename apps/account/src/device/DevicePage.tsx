import {
  useUserGetDeviceList,
  useUserUnbindDevice,
  useUserUpdateDevice,
} from '@nimbus/api-sdk/react';
import { useTranslation } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { PageSection } from '@nimbus/ui/page-section';
import { useToast } from '@nimbus/ui/toast';
import { LoadFailed } from '@nimbus/web/screens';
import { deviceUsage } from './device-labels.ts';
import { DeviceTable } from './DeviceTable.tsx';
import * as styles from './device.css.ts';

/** /user/device: the bound devices against the plan's limit; rename and unbind. */
export default function DevicePage() {
  const { t } = useTranslation(['device', 'common']);
  const toast = useToast();
  const list = useUserGetDeviceList();
  const rename = useUserUpdateDevice();
  const unbind = useUserUnbindDevice();
  const usage = list.data ? deviceUsage(list.data.items.length, list.data.deviceLimit) : null;

  return (
    <PageSection
      title={t('device:title')}
      lead={t('device:subtitle')}
      actions={
        usage && (
          <span className={styles.usage}>
            {t('device:limit', { used: usage.used, count: usage.limit })}
          </span>
        )
      }
    >
      <Card>
        {usage?.full && <p className={styles.notice}>{t('device:limit_reached')}</p>}
        {list.isError ? (
          <LoadFailed onRetry={() => void list.refetch()} />
        ) : (
          <DeviceTable
            devices={list.data?.items ?? []}
            loading={list.isPending}
            onRename={async (device, name) => {
              await rename.mutateAsync({ deviceId: device.id, name });
              toast.success(t('device:rename_success'));
            }}
            onUnbind={async (device) => {
              await unbind.mutateAsync({ deviceId: device.id });
              toast.success(t('device:unbind_success'));
            }}
          />
        )}
      </Card>
    </PageSection>
  );
}
