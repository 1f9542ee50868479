import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { formatMoney, useLanguage, useTranslation } from '@nimbus/i18n';
import { PageSection } from '@nimbus/ui/page-section';
import { consoleApi } from '../../session/console-api.ts';
import { when } from '../format.ts';
import { CodeList } from './CodeList.tsx';
import { CreatePromo } from './CreatePromo.tsx';

type PromoRow = AdminResponseOf<'adminPromoList'>['items'][number];

/** Promo codes, searched and paged on the server; finance creates and disables them. */
export function PromoCodesScreen() {
  const { t } = useTranslation('admin-setup');
  const language = useLanguage();
  const discount = (p: PromoRow) =>
    p.kind === 'percent' ? `${p.value}%` : formatMoney(p.value, p.currency ?? 'USD', language);
  const valid = (p: PromoRow) =>
    p.startsAt === null && p.endsAt === null
      ? t('always')
      : t('valid_range', { from: when(p.startsAt), until: when(p.endsAt) });
  return (
    <PageSection title={t('promo_title')}>
      <CodeList
        queryKey="promo-codes"
        list={(request) => consoleApi().adminPromoList(request)}
        disable={(code) => consoleApi().adminPromoDisable({ code })}
        create={(notify) => (
          <CreatePromo onCreated={(code) => notify(t('promo_created', { code }))} />
        )}
        caption={t('promo_title')}
        emptyText={t('no_promos')}
        disableText={t('disable_promo_text')}
        columns={[
          { key: 'discount', header: t('col_discount_value'), cell: discount },
          { key: 'valid', header: t('col_valid'), cell: valid },
          {
            key: 'uses',
            header: t('col_uses'),
            cell: (p) => t('uses_of', { uses: String(p.uses), max: p.maxUses ?? t('no_limit') }),
          },
          {
            key: 'per-user',
            header: t('col_per_user'),
            cell: (p) => p.maxUsesPerUser ?? t('no_limit'),
          },
          {
            key: 'plans',
            header: t('col_plans'),
            cell: (p) => p.planIds?.join(', ') ?? t('all_plans'),
          },
        ]}
      />
    </PageSection>
  );
}
