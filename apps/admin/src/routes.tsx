import type { RouteObject } from 'react-router';
import { AuditScreen } from './screens/AuditScreen.tsx';
import { BenefitsScreen } from './screens/benefits/BenefitsScreen.tsx';
import { GroupScreen } from './screens/groups/GroupScreen.tsx';
import { GroupsScreen } from './screens/groups/GroupsScreen.tsx';
import { KolApplicationsScreen } from './screens/kol/KolApplicationsScreen.tsx';
import { KolScreen } from './screens/kol/KolScreen.tsx';
import { KolsScreen } from './screens/kol/KolsScreen.tsx';
import { ConsoleLayout } from './screens/ConsoleLayout.tsx';
import { NewNodeScreen } from './screens/nodes/NewNodeScreen.tsx';
import { NodesScreen } from './screens/nodes/NodesScreen.tsx';
import { NotFoundScreen } from './screens/NotFoundScreen.tsx';
import { OperatorsScreen } from './screens/OperatorsScreen.tsx';
import { OrdersScreen } from './screens/OrdersScreen.tsx';
import { OverviewScreen } from './screens/OverviewScreen.tsx';
import { PlansScreen } from './screens/plans/PlansScreen.tsx';
import { NoticesScreen } from './screens/settings/NoticesScreen.tsx';
import { SettingsScreen } from './screens/settings/SettingsScreen.tsx';
import { PromoCodesScreen } from './screens/codes/PromoCodesScreen.tsx';
import { RedeemCodesScreen } from './screens/codes/RedeemCodesScreen.tsx';
import { UserScreen } from './screens/UserScreen.tsx';
import { UsersScreen } from './screens/UsersScreen.tsx';
import { WebhookDeliveriesScreen } from './screens/webhooks/WebhookDeliveriesScreen.tsx';
import { WebhooksScreen } from './screens/webhooks/WebhooksScreen.tsx';
import { TicketQueueScreen } from './screens/tickets/TicketQueueScreen.tsx';
import { ApiTokensScreen } from './screens/api-tokens/ApiTokensScreen.tsx';
import { TicketScreen } from './screens/tickets/TicketScreen.tsx';

/**
 * The console under /admin: the layout signs the operator in (and through enrolment) before any
 * screen; each screen pages and filters on the server.
 */
export const routes: RouteObject[] = [
  {
    Component: ConsoleLayout,
    children: [
      { index: true, Component: OverviewScreen },
      { path: 'users', Component: UsersScreen },
      { path: 'users/:userId', Component: UserScreen },
      { path: 'orders', Component: OrdersScreen },
      { path: 'plans', Component: PlansScreen },
      { path: 'benefits', Component: BenefitsScreen },
      { path: 'settings', Component: SettingsScreen },
      { path: 'notices', Component: NoticesScreen },
      { path: 'promo-codes', Component: PromoCodesScreen },
      { path: 'redeem-codes', Component: RedeemCodesScreen },
      { path: 'operators', Component: OperatorsScreen },
      { path: 'audit', Component: AuditScreen },
      { path: 'groups', Component: GroupsScreen },
      { path: 'groups/:groupId', Component: GroupScreen },
      { path: 'kol', Component: KolsScreen },
      { path: 'kol/applications', Component: KolApplicationsScreen },
      { path: 'kol/:userId', Component: KolScreen },
      { path: 'nodes', Component: NodesScreen },
      { path: 'nodes/new', Component: NewNodeScreen },
      { path: 'api-tokens', Component: ApiTokensScreen },
      { path: 'tickets', Component: TicketQueueScreen },
      { path: 'tickets/:ticketId', Component: TicketScreen },
      { path: 'webhooks', Component: WebhooksScreen },
      { path: 'webhooks/:endpointId', Component: WebhookDeliveriesScreen },
      { path: '*', Component: NotFoundScreen },
    ],
  },
];
