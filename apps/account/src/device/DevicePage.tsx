import {
  useSystemUserInfo,
  useUserGetDeviceList,
  useUserUnbindDevice,
  useUserUpdateDevice,
} from '@nimbus/api-sdk/react';
import { hasActiveMembership } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { LinkButton } from '@nimbus/ui/link-button';
import { PageSection } from '@nimbus/ui/page-section';
import { useToast } from '@nimbus/ui/toast';
import { LoadFailed } from '@nimbus/web/screens';
import { useNow } from '../shared/use-now.ts';
import { deviceUsage } from './device-labels.ts';
import { DeviceTable } from './DeviceTable.tsx';
import * as styles from './device.css.ts';

/**
 * /user/device: the bound devices against the plan's limit; rename and unbind. Without a running
 * plan there is no limit to count against: the page says so and links to pricing.
 */
export default function DevicePage() {
  const { t } = useTranslation(['device', 'common']);
  const toast = useToast();
  const now = useNow();
  const user = useSystemUserInfo();
  const list = useUserGetDeviceList();
  const rename = useUserUpdateDevice();
  const unbind = useUserUnbindDevice();
  const noPlan =
    user.data !== undefined &&
    !hasActiveMembership(
      { standardExpiresAt: user.data.standardExpireTime, liteExpiresAt: user.data.liteExpireTime },
      now,
    );
  const usage =
    list.data && user.data && !noPlan
      ? deviceUsage(list.data.items.length, list.data.deviceLimit)
      : null;

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
        {noPlan && (
          <div className={styles.noPlan}>
            <p className={styles.noPlanText}>{t('device:no_plan')}</p>
            <LinkButton href="/pricing" size="sm">
              {t('device:no_plan_action')}
            </LinkButton>
          </div>
        )}
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
