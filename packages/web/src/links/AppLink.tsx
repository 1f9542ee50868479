import type { LinkComponentProps } from '@nimbus/ui/link';
import { Link as RouterLink } from 'react-router';
import { isInAppHref, stripBasename } from '../app-paths.ts';
import { useWebApp } from '../app/web-app-context.tsx';

/**
 * The one link component of the apps (given to the UI kit by LinkComponentProvider): a path this
 * app serves goes through react-router; a path of another app (/user/profile from the
 * marketing site, /pricing from the account centre) and any other URL is a plain anchor, so the
 * browser loads that app.
 */
export function AppLink({ href, children, ...rest }: LinkComponentProps) {
  const { basename } = useWebApp();
  if (isInAppHref(href, basename))
    return (
      <RouterLink to={stripBasename(href, basename)} {...rest}>
        {children}
      </RouterLink>
    );
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
