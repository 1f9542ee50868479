import { useTranslation } from '@nimbus/i18n';
import { SecretShownOnce } from '../SecretShownOnce.tsx';

/** An endpoint's signing secret, shown once (made or rotated): the secret, copy, the warning. */
export function WebhookSecret({ url, secret }: { url: string; secret: string }) {
  const { t } = useTranslation('admin-webhooks');
  return (
    <SecretShownOnce
      id="webhook-secret-title"
      title={t('secret_title', { url })}
      warning={t('secret_warning')}
      secret={secret}
      testId="webhook-secret"
      copy={{ label: t('copy_secret'), copied: t('copied'), failed: t('copy_failed') }}
    />
  );
}
