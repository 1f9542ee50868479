import {
  useSystemAffiliate,
  useSystemKolWalletUpdate,
  useSystemUserInfo,
  useUserSendCode,
} from '@nimbus/api-sdk/react';
import { useLanguage, useTranslation } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { Link } from '@nimbus/ui/link';
import { PageSection } from '@nimbus/ui/page-section';
import { useToast } from '@nimbus/ui/toast';
import { useGo } from '@nimbus/web';
import { LoadFailed, PageLoading } from '@nimbus/web/screens';
import { NotKol } from '../dashboard/NotKol.tsx';
import { DASHBOARD_PATH } from '../paths.ts';
import { WalletForm, type CodeTarget } from './WalletForm.tsx';
import * as dashboard from '../dashboard/dashboard.css.ts';

/** /user/kol/wallet: a KOL sets or changes the wallet payouts go to. */
export default function WalletPage() {
  const { t } = useTranslation(['kol']);
  const language = useLanguage();
  const answer = useSystemAffiliate({ page: 1, pageSize: 1 });
  const user = useSystemUserInfo();
  const save = useSystemKolWalletUpdate();
  const sendCode = useUserSendCode();
  const toast = useToast();
  const go = useGo();

  const info = user.data;
  const codeTarget: CodeTarget | null = info?.email
    ? { channel: 'email', target: info.email }
    : info?.phone
      ? { channel: 'phone', target: info.phone }
      : null;

  let body;
  if (answer.isError && !answer.data) body = <LoadFailed onRetry={() => void answer.refetch()} />;
  else if (!answer.data) body = <PageLoading />;
  else if (!answer.data.isKol) body = <NotKol state={null} language={language} />;
  else {
    const current = answer.data.summary.wallet ?? null;
    body = (
      <Card>
        <p className={dashboard.note}>{t('kol:wallet_page_intro')}</p>
        <WalletForm
          initial={{ network: current?.network ?? '', address: current?.address ?? '' }}
          codeTarget={codeTarget}
          onSendCode={(target) => sendCode.mutateAsync({ ...target, purpose: 'payout_wallet' })}
          onSave={async (change) => {
            await save.mutateAsync(change);
            toast.success(t('kol:payout_address_saved'));
            go(DASHBOARD_PATH);
          }}
        />
      </Card>
    );
  }

  return (
    <div className={dashboard.frame}>
      <p className={dashboard.breadcrumb}>
        <Link href={DASHBOARD_PATH} tone="neutral">
          {t('kol:title')}
        </Link>
      </p>
      <PageSection title={t('kol:wallet_page_title')}>{body}</PageSection>
    </div>
  );
}
