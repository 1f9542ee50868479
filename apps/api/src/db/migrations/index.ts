import type { Migration, MigrationProvider } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';
import { accountsMigration } from './0001-accounts.ts';
import { paymentsMigration } from './0002-payments.ts';
import { benefitsThirdPartyMigration } from './0003-benefits-third-party.ts';
import { groupBuyKolMigration } from './0004-group-buy-kol.ts';
import { referralReversalMigration } from './0005-referral-reversal.ts';
import { inviteeListIndexMigration } from './0006-invitee-list-index.ts';
import { kolSummaryIndexMigration } from './0007-kol-summary-index.ts';
import { nodeFeedMigration } from './0008-node-feed.ts';
import { paymentRefMigration } from './0009-payment-ref.ts';
import { settingsMigration } from './0010-settings.ts';
import { operatorsMigration } from './0011-operators.ts';
import { userSuspensionMigration } from './0012-user-suspension.ts';
import { orderListIndexesMigration } from './0013-order-list-indexes.ts';
import { sessionDetailsMigration } from './0014-session-details.ts';
import { kolProgrammeMigration } from './0015-kol-programme.ts';
import { auditFiltersMigration } from './0016-audit-filters.ts';
import { kolTotalsMigration } from './0017-kol-totals.ts';
import { orderPageIndexMigration } from './0018-order-page-index.ts';
import { joinedGroupsIndexMigration } from './0019-joined-groups-index.ts';
import { referralDateMigration } from './0020-referral-date.ts';
import { mailNoticesMigration } from './0021-mail-notices.ts';
import { consoleListIndexesMigration } from './0022-console-list-indexes.ts';
import { memberPageIndexesMigration } from './0023-member-page-indexes.ts';
import { orderCountMigration } from './0024-order-count.ts';
import { groupStateIndexMigration } from './0025-group-state-index.ts';
import { kolLineNumbersMigration } from './0026-kol-line-numbers.ts';
import { auditActorActionIndexMigration } from './0027-audit-actor-action-index.ts';
import { trafficQuotasMigration } from './0047-traffic-quotas.ts';
import { operatorAlertsMigration } from './0048-operator-alerts.ts';
import { apiTokensMigration } from './0051-api-tokens.ts';
import { telegramMigration } from './0050-telegram.ts';
import { webhooksMigration } from './0054-webhooks.ts';
import { trafficQuotaUsageMigration } from './0055-traffic-quota-usage.ts';
import { ticketsMigration } from './0035-tickets.ts';

/**
 * Every migration of the server, in order. Names never change once released; later server parts
 * append theirs (`0002-...`). Each is a function of the dialect so one module serves both.
 */
const migrations: Record<string, (dialect: DialectName) => Migration> = {
  '0001-accounts': accountsMigration,
  '0002-payments': paymentsMigration,
  '0003-benefits-third-party': benefitsThirdPartyMigration,
  '0004-group-buy-kol': groupBuyKolMigration,
  '0005-referral-reversal': referralReversalMigration,
  '0006-invitee-list-index': inviteeListIndexMigration,
  '0007-kol-summary-index': kolSummaryIndexMigration,
  '0008-node-feed': nodeFeedMigration,
  '0009-payment-ref': paymentRefMigration,
  '0010-settings': settingsMigration,
  '0011-operators': operatorsMigration,
  '0012-user-suspension': userSuspensionMigration,
  '0013-order-list-indexes': orderListIndexesMigration,
  '0014-session-details': sessionDetailsMigration,
  '0015-kol-programme': kolProgrammeMigration,
  '0016-audit-filters': auditFiltersMigration,
  '0017-kol-totals': kolTotalsMigration,
  '0018-order-page-index': orderPageIndexMigration,
  '0019-joined-groups-index': joinedGroupsIndexMigration,
  '0020-referral-date': referralDateMigration,
  '0021-mail-notices': mailNoticesMigration,
  '0022-console-list-indexes': consoleListIndexesMigration,
  '0023-member-page-indexes': memberPageIndexesMigration,
  '0024-order-count': orderCountMigration,
  '0025-group-state-index': groupStateIndexMigration,
  '0026-kol-line-numbers': kolLineNumbersMigration,
  '0027-audit-actor-action-index': auditActorActionIndexMigration,
  '0047-traffic-quotas': trafficQuotasMigration,
  '0048-operator-alerts': operatorAlertsMigration,
  '0050-telegram': telegramMigration,
  '0051-api-tokens': apiTokensMigration,
  '0054-webhooks': webhooksMigration,
  '0035-tickets': ticketsMigration,
  '0055-traffic-quota-usage': trafficQuotaUsageMigration,
};

export function migrationProvider(dialect: DialectName): MigrationProvider {
  return {
    getMigrations: () =>
      Promise.resolve(
        Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(dialect)])),
      ),
  };
}
