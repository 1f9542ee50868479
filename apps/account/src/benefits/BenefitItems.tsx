import { useState } from 'react';
import type { BenefitItem } from '@nimbus/api-sdk/contract';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { CopyButton } from '@nimbus/ui/copy-button';
import { DataList, type DataColumn } from '@nimbus/ui/data-table';
import { Link } from '@nimbus/ui/link';
import * as styles from './benefits.css.ts';

function PasswordValue({ item }: { item: BenefitItem }) {
  const { t } = useTranslation(['benefits', 'common']);
  const [shown, setShown] = useState(false);
  return (
    <span className={styles.value}>
      <span className={styles.mono} aria-live="polite">
        {shown ? item.password : '••••••••'}
      </span>
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={shown}
        onClick={() => setShown((value) => !value)}
      >
        {t(shown ? 'benefits:hide_password' : 'benefits:show_password')}
      </Button>
      <CopyButton
        text={item.password}
        label={t('benefits:copy_password')}
        copiedLabel={t('common:copied')}
        failedLabel={t('common:copy_failed')}
      />
    </span>
  );
}

/**
 * Each shared account: its name, the account name, the password (hidden until asked) and the link,
 * with copy.
 */
export function BenefitItems({
  items,
  loading,
}: {
  items: readonly BenefitItem[];
  loading: boolean;
}) {
  const { t } = useTranslation(['benefits', 'common']);
  const copy = { copiedLabel: t('common:copied'), failedLabel: t('common:copy_failed') };
  const columns: DataColumn<BenefitItem>[] = [
    { key: 'name', header: t('benefits:col_name'), cell: (i) => <strong>{i.name}</strong> },
    {
      key: 'account',
      header: t('benefits:col_account'),
      cell: (i) => (
        <span className={styles.value}>
          <span className={styles.mono}>{i.accountName}</span>
          <CopyButton text={i.accountName} label={t('benefits:copy_account')} {...copy} />
        </span>
      ),
    },
    {
      key: 'password',
      header: t('benefits:col_password'),
      cell: (i) => <PasswordValue item={i} />,
    },
    {
      key: 'link',
      header: t('benefits:col_link'),
      cell: (i) => (
        <span className={styles.value}>
          <Link href={i.link} external externalLabel={t('common:open_in_new_tab')}>
            {t('benefits:open_link')}
          </Link>
          <CopyButton text={i.link} label={t('benefits:copy_link')} {...copy} />
        </span>
      ),
    },
  ];
  return (
    <DataList
      columns={columns}
      rows={items}
      rowKey={(i) => i.benefitId}
      caption={t('benefits:title')}
      hideCaption
      loading={loading}
      loadingLabel={t('common:loading')}
      emptyText={t('common:no_data')}
    />
  );
}
