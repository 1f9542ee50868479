import { ApiError } from '@nimbus/api-sdk';
import { useUserMailUnsubscribe } from '@nimbus/api-sdk/react';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Link } from '@nimbus/ui/link';
import { Spinner } from '@nimbus/ui/spinner';
import { useSearchParams } from 'react-router';
import * as page from '../../styles/page.css.ts';

/**
 * /unsubscribe?key=: (not `token`, which the apps take for a sign-in link) the link at the end
 * of an optional notice e-mail. Opening it only asks: one click on Unsubscribe turns that
 * category of notices off (no login: the signed token names the member and category) and says
 * so, with the way back on in the account centre. Nothing is sent on load, so a mail scanner
 * that renders links cannot unsubscribe a member; mail clients use the e-mail's one-click
 * header (RFC 8058, a POST) instead.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation(['account', 'errors', 'common']);
  const [search] = useSearchParams();
  const token = search.get('key') ?? '';
  const unsubscribe = useUserMailUnsubscribe();
  const { mutate } = unsubscribe;

  const invalid =
    token === '' ||
    (unsubscribe.error instanceof ApiError && unsubscribe.error.status === 'MailLinkInvalid');

  return (
    <main className={page.section}>
      <div className={page.narrow}>
        <h1 className={page.pageTitle}>{t('account:unsubscribe_title')}</h1>
        <div className={page.formCard}>
          {invalid ? (
            <p className={page.notice} role="alert">
              {t('errors:mail_link_invalid')}
            </p>
          ) : unsubscribe.isSuccess ? (
            <div role="status">
              <p className={page.successBox}>
                {t('account:unsubscribe_done', {
                  category: t(`account:mail_${unsubscribe.data.category}`),
                })}
              </p>
              <p className={page.text}>{t('account:unsubscribe_still')}</p>
            </div>
          ) : unsubscribe.isError ? (
            <div role="alert">
              <p className={page.notice}>{t('account:unsubscribe_failed')}</p>
              <Button variant="secondary" onClick={() => mutate({ token })}>
                {t('common:button_retry')}
              </Button>
            </div>
          ) : unsubscribe.isPending ? (
            <Spinner label={t('account:unsubscribe_working')} showLabel />
          ) : (
            <div className={page.stack}>
              <p className={page.text}>{t('account:unsubscribe_confirm')}</p>
              <Button onClick={() => mutate({ token })}>{t('account:unsubscribe_button')}</Button>
            </div>
          )}
          <p className={page.text}>
            <Link href="/user/security">{t('account:unsubscribe_manage')}</Link>
          </p>
        </div>
      </div>
    </main>
  );
}
