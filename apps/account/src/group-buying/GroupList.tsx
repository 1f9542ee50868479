import type { GroupBuy } from '@nimbus/api-sdk/contract';
import {
  GroupBuyPaymentType,
  GroupBuyPhase,
  exhaustive,
  groupBuyPhase,
  joinRefusal,
} from '@nimbus/domain';
import {
  formatDateTime,
  formatMoney,
  formatNumber,
  useTranslation,
  type Language,
} from '@nimbus/i18n';
import { StatusTag, type BadgeTone } from '@nimbus/ui/badge';
import { CopyButton } from '@nimbus/ui/copy-button';
import { Countdown } from '@nimbus/ui/countdown';
import type { DataColumn } from '@nimbus/ui/data-table';
import { absoluteUrl, PagedTable, type Paging } from '@nimbus/web/screens';
import * as styles from './group-buying.css.ts';

type PhaseKey =
  'status_finished' | 'status_expired' | 'status_unfinished' | 'status_awaiting_payment';

function phaseView(phase: GroupBuyPhase): { key: PhaseKey; tone: BadgeTone } {
  switch (phase) {
    case GroupBuyPhase.FINISHED:
      return { key: 'status_finished', tone: 'success' };
    case GroupBuyPhase.ENDED:
      return { key: 'status_expired', tone: 'neutral' };
    case GroupBuyPhase.RECRUITING:
      return { key: 'status_unfinished', tone: 'brand' };
    case GroupBuyPhase.AWAITING_CREATOR_PAYMENT:
      return { key: 'status_awaiting_payment', tone: 'warning' };
    default:
      return exhaustive(phase);
  }
}

export interface GroupListProps {
  groups: readonly GroupBuy[];
  total: number;
  loading: boolean;
  paging: Paging;
  caption: string;
  now: number;
  origin: string;
  language: Language;
}

/**
 * Group buys as cards: plan, status, members, creator, devices allowed, countdown or 'Ended',
 * price, invite link.
 */
export function GroupList({
  groups,
  total,
  loading,
  paging,
  caption,
  now,
  origin,
  language,
}: GroupListProps) {
  const { t } = useTranslation(['group-buy', 'common']);
  const units = {
    days: t('common:countdown_day_short'),
    hours: t('common:countdown_hour_short'),
    minutes: t('common:countdown_minute_short'),
    seconds: t('common:countdown_second_short'),
  };
  const columns: DataColumn<GroupBuy>[] = [
    {
      key: 'product',
      header: t('group-buy:col_product'),
      cell: (g) => <strong>{g.productName}</strong>,
    },
    {
      key: 'status',
      header: t('group-buy:col_status'),
      cell: (g) => {
        const view = phaseView(groupBuyPhase(g, now));
        return <StatusTag tone={view.tone}>{t(`group-buy:${view.key}`)}</StatusTag>;
      },
    },
    {
      key: 'members',
      header: t('group-buy:members'),
      cell: (g) => t('group-buy:members_joined', { joined: g.membersJoined, size: g.size }),
    },
    {
      key: 'creator',
      header: t('group-buy:col_creator'),
      cell: (g) => <span className={styles.mono}>{g.creator}</span>,
    },
    {
      key: 'devices',
      header: t('group-buy:col_devices'),
      cell: (g) => formatNumber(g.devicesAllowed, language),
    },
    {
      key: 'time',
      header: t('group-buy:col_expires_at'),
      cell: (g) => {
        const phase = groupBuyPhase(g, now);
        if (phase === GroupBuyPhase.FINISHED)
          return g.finishAt ? formatDateTime(g.finishAt, language) : t('group-buy:status_finished');
        if (phase === GroupBuyPhase.ENDED) return t('group-buy:ended');
        return (
          <Countdown
            endAt={g.expireAt}
            units={units}
            endedLabel={t('group-buy:ended')}
            label={t('common:countdown_ends_in')}
            size="sm"
          />
        );
      },
    },
    {
      key: 'price',
      header: t('group-buy:col_unit_price'),
      cell: (g) =>
        t('group-buy:price_per_person', {
          price: formatMoney(g.unitPriceMinor, g.currency, language),
        }),
    },
    {
      key: 'payment',
      header: t('group-buy:col_payment_type'),
      cell: (g) =>
        t(
          g.paymentType === GroupBuyPaymentType.PAY_ALL
            ? 'group-buy:pay_all'
            : 'group-buy:pay_self',
        ),
    },
    {
      key: 'created',
      header: t('group-buy:col_created_at'),
      cell: (g) => formatDateTime(g.createdAt, language),
    },
    {
      key: 'id',
      header: t('group-buy:col_group_id'),
      cell: (g) => <span className={styles.mono}>{g.groupId}</span>,
    },
    {
      key: 'invite',
      header: t('group-buy:col_invite_link'),
      cell: (g) =>
        joinRefusal(g, now) === null ? (
          <CopyButton
            text={absoluteUrl(g.inviteLink, origin)}
            label={t('group-buy:copy_link')}
            copiedLabel={t('common:copied')}
            failedLabel={t('common:copy_failed')}
          />
        ) : (
          t('common:empty_value')
        ),
    },
  ];
  return (
    <PagedTable
      list
      columns={columns}
      rows={groups}
      rowKey={(g) => g.groupId}
      caption={caption}
      hideCaption
      loading={loading}
      emptyText={t('group-buy:orders_empty')}
      total={total}
      paging={paging}
    />
  );
}
