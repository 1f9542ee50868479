import { NotFoundPage, SiteLayout, UserLayout, type WebRoute } from '@nimbus/web';
import { Navigate } from 'react-router';

function ToProfile() {
  return <Navigate to="/profile" replace />;
}

/**
 * The account centre under /user: behind the authentication guard, inside the user layout,
 * every page a lazy chunk that loads its catalogues and the API client before it renders.
 */
export const routes: WebRoute[] = [
  {
    Component: SiteLayout,
    children: [
      {
        Component: UserLayout,
        guard: 'auth',
        namespaces: ['account'],
        children: [
          { index: true, Component: ToProfile },
          {
            path: 'profile',
            page: () => import('./profile/ProfilePage.tsx'),
            namespaces: ['account', 'auth', 'validation'],
            title: 'user_profile',
          },
          {
            path: 'security',
            page: () => import('./security/SecurityPage.tsx'),
            namespaces: ['account', 'auth', 'device', 'validation'],
            title: 'user_security',
          },
          {
            path: 'device',
            page: () => import('./device/DevicePage.tsx'),
            namespaces: ['device', 'validation'],
            title: 'user_device',
          },
          {
            path: 'reward',
            page: () => import('./reward/RewardPage.tsx'),
            namespaces: ['reward', 'account'],
            title: 'user_reward',
          },
          {
            path: 'group-buying',
            page: () => import('./group-buying/GroupBuyingPage.tsx'),
            namespaces: ['group-buy', 'account'],
            title: 'user_group_buying',
          },
          {
            path: 'benefits',
            page: () => import('./benefits/BenefitsPage.tsx'),
            namespaces: ['benefits'],
            title: 'user_benefits',
          },
          {
            path: 'third-party',
            page: () => import('./third-party/ThirdPartyPage.tsx'),
            namespaces: ['third-party'],
            title: 'user_third_party',
          },
          {
            path: 'support',
            page: () => import('./support/SupportPage.tsx'),
            namespaces: ['account', 'validation'],
            title: 'user_support',
          },
          {
            path: 'support/:ticketId',
            page: () => import('./support/TicketPage.tsx'),
            namespaces: ['account', 'validation'],
            title: 'user_support_ticket',
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];
