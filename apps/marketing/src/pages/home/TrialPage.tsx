import { useLoginState, useSystemUserInfo } from '@nimbus/api-sdk/react';
import { canKeepTrialAccount } from '@nimbus/domain/trial-account';
import { useTranslation } from '@nimbus/i18n';
import { Link } from '@nimbus/ui/link';
import { useState } from 'react';
import * as page from '../../styles/page.css.ts';
import { KeepAccountForm } from './KeepAccountForm.tsx';
import { TrialOffer } from './TrialOffer.tsx';

/**
 * /trial, outside the root layout: the free trial on its own (linked from the apps and ads). A
 * visitor signed in to a trial account that has no name yet (during the trial or after it) is
 * offered to keep it instead.
 */
export default function TrialPage() {
  const { t } = useTranslation(['home', 'common']);
  const loginState = useLoginState();
  const info = useSystemUserInfo({}, { enabled: loginState === 'loggedIn' });
  const unnamed = info.data !== undefined && canKeepTrialAccount(info.data).ok;
  // A trial started on this page keeps its own screen (with the form): the check is for a
  // visitor who comes back signed in to an unnamed account.
  const [startedHere, setStartedHere] = useState(false);
  // Once kept, the user info names the account: the form stays to say so.
  const [kept, setKept] = useState(false);
  return (
    <main className={`${page.narrow} ${page.padBlockXl} ${page.center}`}>
      <p>
        <Link href="/">{t('common:brand_vpn')}</Link>
      </p>
      <h1 className={page.pageTitle}>{t('home:trial_button')}</h1>
      <p className={page.lead}>{t('home:hero_subtitle')}</p>
      <div className={page.mtXl}>
        {(unnamed || kept) && !startedHere ? (
          <KeepAccountForm onKept={() => setKept(true)} />
        ) : (
          <TrialOffer keepForm onStarted={() => setStartedHere(true)} />
        )}
      </div>
    </main>
  );
}
