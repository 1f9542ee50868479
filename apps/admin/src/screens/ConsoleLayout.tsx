import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { SiteLanguageSwitcher } from '@nimbus/web';
import { PageLoading } from '@nimbus/web/screens';
import { roleAllows } from '@nimbus/domain';
import { useQuery } from '@tanstack/react-query';
import { NavLink, Outlet } from 'react-router';
import { useStore } from 'zustand';
import { consoleApi } from '../session/console-api.ts';
import { operatorStore } from '../session/operator-store.ts';
import * as styles from './console.css.ts';
import { EnrolScreen } from './EnrolScreen.tsx';
import { GroupsNavLink } from './groups/GroupsNavLink.tsx';
import { KolNavLinks } from './kol/KolNavLinks.tsx';
import { NodesNavLink } from './nodes/NodesNavLink.tsx';
import { SetupNavLinks } from './SetupNavLinks.tsx';
import { SignInScreen } from './SignInScreen.tsx';
import { ApiTokensNavLink } from './api-tokens/ApiTokensNavLink.tsx';
import { TicketsNavLink } from './tickets/TicketsNavLink.tsx';
import { WebhooksNavLink } from './webhooks/WebhooksNavLink.tsx';

/**
 * Every console screen: sign-in first, then the authenticator's enrolment, then the navigation
 * (only what the operator's role may open) around the screen.
 */
export function ConsoleLayout() {
  const { t } = useTranslation('admin');
  const { operator, checked } = useStore(operatorStore);
  const api = consoleApi();
  const resuming = operator === null && !checked && api.hasSession();
  useQuery({
    queryKey: ['me'],
    queryFn: async () => {
      const me = await api.adminMe({});
      operatorStore.setState({ operator: me.operator, checked: true });
      return me;
    },
    enabled: resuming,
  });

  let content;
  if (resuming) content = <PageLoading />;
  else if (operator === null) content = <SignInScreen />;
  else if (!operator.enrolled) content = <EnrolScreen />;
  else content = <Outlet />;

  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <span className={styles.brand}>{t('title')}</span>
        {operator?.enrolled && (
          <nav aria-label={t('nav_label')} className={styles.nav}>
            <NavLink to="/" end className={styles.navLink}>
              {t('nav_overview')}
            </NavLink>
            {roleAllows(operator.role, 'users.read') && (
              <NavLink to="/users" className={styles.navLink}>
                {t('nav_users')}
              </NavLink>
            )}
            <NavLink to="/orders" className={styles.navLink}>
              {t('nav_orders')}
            </NavLink>
            <TicketsNavLink role={operator.role} />
            <SetupNavLinks role={operator.role} />
            <GroupsNavLink role={operator.role} />
            <KolNavLinks role={operator.role} />
            <NodesNavLink role={operator.role} />
            <WebhooksNavLink role={operator.role} />
            {roleAllows(operator.role, 'audit.read') && (
              <NavLink to="/audit" className={styles.navLink}>
                {t('nav_audit')}
              </NavLink>
            )}
            {roleAllows(operator.role, 'operators.manage') && (
              <NavLink to="/operators" className={styles.navLink}>
                {t('nav_operators')}
              </NavLink>
            )}
            <ApiTokensNavLink role={operator.role} />
          </nav>
        )}
        <SiteLanguageSwitcher />
        {operator && (
          <>
            <span className={styles.who}>
              {t('signed_in_as', { name: operator.username, role: t(`role_${operator.role}`) })}
            </span>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void api.adminLogout({}).catch(() => undefined)}
            >
              {t('sign_out')}
            </Button>
          </>
        )}
      </header>
      <main className={styles.main}>{content}</main>
    </div>
  );
}
