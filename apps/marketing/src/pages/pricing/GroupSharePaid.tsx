import type { GroupBuy } from '@nimbus/api-sdk/contract';
import { formatDateTime, useLanguage, useTranslation } from '@nimbus/i18n';
import { CopyButton } from '@nimbus/ui/copy-button';
import * as page from '../../styles/page.css.ts';

/**
 * A group-buy payment into a group that is not full yet: no membership starts now. Says how many
 * more are needed, that everyone's membership starts when the group fills, the deadline and the
 * invite link (the payment-result dialog and /purchased).
 */
export function GroupSharePaid({
  group,
  heading: Heading = 'h3',
}: {
  group: GroupBuy;
  heading?: 'h2' | 'h3';
}) {
  const { t } = useTranslation(['group-buy', 'common']);
  const language = useLanguage();
  const inviteUrl = new URL(group.inviteLink, window.location.origin).toString();
  return (
    <div className={page.stack} role="status">
      <Heading className={page.tileTitle}>{t('group-buy:share_paid_title')}</Heading>
      <p className={page.text}>
        {t('group-buy:share_paid_waiting', { count: group.size - group.membersJoined })}
      </p>
      <p className={page.text}>
        {t('group-buy:share_paid_deadline', { date: formatDateTime(group.expireAt, language) })}
      </p>
      <p className={page.mono}>{inviteUrl}</p>
      <CopyButton
        text={inviteUrl}
        label={t('group-buy:copy_link')}
        copiedLabel={t('common:copied')}
        variant="secondary"
      />
    </div>
  );
}
