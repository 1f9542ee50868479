import { useTranslation } from '@nimbus/i18n';
import { PageSection } from '@nimbus/ui/page-section';
import { consoleApi } from '../../session/console-api.ts';
import { when } from '../format.ts';
import { CodeList } from './CodeList.tsx';
import { CreateRedeem } from './CreateRedeem.tsx';

/** Redeem codes, searched and paged on the server; finance makes batches and disables codes. */
export function RedeemCodesScreen() {
  const { t } = useTranslation('admin-setup');
  return (
    <PageSection title={t('redeem_title')}>
      <CodeList
        queryKey="redeem-codes"
        list={(request) => consoleApi().adminRedeemList(request)}
        disable={(code) => consoleApi().adminRedeemDisable({ code })}
        create={() => <CreateRedeem />}
        caption={t('redeem_title')}
        emptyText={t('no_redeems')}
        disableText={t('disable_redeem_text')}
        columns={[
          {
            key: 'type',
            header: t('col_type'),
            cell: (r) => (r.type === 'lite' ? t('type_lite') : t('type_standard')),
          },
          { key: 'days', header: t('col_days'), cell: (r) => r.days },
          { key: 'devices', header: t('col_devices'), cell: (r) => r.devicesAllowed },
          {
            key: 'uses',
            header: t('col_uses'),
            cell: (r) => t('uses_of', { uses: String(r.uses), max: String(r.maxUses) }),
          },
          {
            key: 'expires',
            header: t('col_expires'),
            cell: (r) => (r.expiresAt === null ? t('never') : when(r.expiresAt)),
          },
        ]}
      />
    </PageSection>
  );
}
