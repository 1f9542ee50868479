import { createContext, useCallback, useContext } from 'react';
import { useNavigate } from 'react-router';
import { appOfBasename, isInAppHref, stripBasename, type WebAppName } from '../app-paths.ts';

export interface WebAppInfo {
  app: WebAppName;
  basename: string;
}

export const WebAppContext = createContext<WebAppInfo>({ app: 'marketing', basename: '/' });

export function useWebApp(): WebAppInfo {
  return useContext(WebAppContext);
}

export function webAppInfo(basename: string): WebAppInfo {
  return { app: appOfBasename(basename), basename };
}

/**
 * Goes to an href of the site: through the router when the path belongs to this app, as a full
 * page load when another app serves it (e.g. /user/profile from the marketing site).
 */
export function useGo(): (href: string, options?: { replace?: boolean }) => void {
  const { basename } = useWebApp();
  const navigate = useNavigate();
  return useCallback(
    (href, options) => {
      if (isInAppHref(href, basename))
        void navigate(stripBasename(href, basename), { replace: options?.replace ?? false });
      else if (options?.replace) globalThis.location.replace(href);
      else globalThis.location.assign(href);
    },
    [basename, navigate],
  );
}
