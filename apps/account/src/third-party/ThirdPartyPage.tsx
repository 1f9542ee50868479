import {
  useSystemNodes,
  useSystemThirdPartyDisable,
  useSystemThirdPartyEnable,
  useSystemThirdPartyReset,
  useSystemThirdPartyStatus,
  useSystemTraffic,
} from '@nimbus/api-sdk/react';
import { useLanguage, useTranslation } from '@nimbus/i18n';
import { PageSection } from '@nimbus/ui/page-section';
import { useToast } from '@nimbus/ui/toast';
import { LoadFailed, PageLoading } from '@nimbus/web/screens';
import { useNow } from '../shared/use-now.ts';
import { NodesCard } from './NodesCard.tsx';
import { StatusCard } from './StatusCard.tsx';
import { SubscriptionCard } from './SubscriptionCard.tsx';
import { TrafficCard } from './TrafficCard.tsx';

/**
 * /user/third-party: switch the third-party client, import its subscription into a client, see
 * this month's traffic and the servers the plan opens with their status.
 */
export default function ThirdPartyPage() {
  const { t } = useTranslation(['third-party']);
  const language = useLanguage();
  const now = useNow();
  const toast = useToast();
  const status = useSystemThirdPartyStatus();
  const enable = useSystemThirdPartyEnable();
  const disable = useSystemThirdPartyDisable();
  const reset = useSystemThirdPartyReset();
  const traffic = useSystemTraffic();
  const nodes = useSystemNodes();

  let body;
  if (status.isError) body = <LoadFailed onRetry={() => void status.refetch()} />;
  else if (!status.data) body = <PageLoading />;
  else {
    body = (
      <>
        <StatusCard
          status={status.data}
          now={now}
          language={language}
          onEnable={async () => {
            await enable.mutateAsync({});
            toast.success(t('third-party:enabled_success'));
          }}
          onDisable={async () => {
            await disable.mutateAsync({});
            toast.success(t('third-party:disabled_success'));
          }}
        />
        {status.data.enabled && status.data.subscription && (
          <SubscriptionCard
            subscription={status.data.subscription}
            onReset={async () => {
              await reset.mutateAsync({});
              toast.success(t('third-party:reset_success'));
            }}
          />
        )}
        {traffic.data && <TrafficCard traffic={traffic.data} language={language} />}
        {nodes.data && <NodesCard items={nodes.data.items} language={language} />}
      </>
    );
  }
  return (
    <PageSection title={t('third-party:title')} lead={t('third-party:intro')}>
      {body}
    </PageSection>
  );
}
