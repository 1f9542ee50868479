import { createElement, use, type ComponentType, type ReactElement } from 'react';
import { useHref, useLocation } from 'react-router';

/**
 * A route's lazy screen: loaded once, then rendered synchronously. `preload` resolves it before
 * the first render (so hydration never suspends); a navigation to a screen not yet loaded
 * suspends inside the router's transition, so the page being left stays until the new one is
 * ready (as a data router's `lazy` did).
 */
export interface LazyScreen {
  /** Starts (or joins) the load; `href` is where the navigation is going (for a chunk reload). */
  preload: (href?: string) => Promise<ReactElement>;
  /** The screen's element once loaded, else undefined. */
  loaded: () => ReactElement | undefined;
}

export function lazyScreen(load: (href: string | null) => Promise<ComponentType>): LazyScreen {
  let promise: Promise<ReactElement> | undefined;
  let element: ReactElement | undefined;
  return {
    preload: (href) =>
      (promise ??= load(href ?? null).then((Screen) => {
        element = createElement(Screen);
        return element;
      })),
    loaded: () => element,
  };
}

/** Renders a lazy screen, suspending until its module (and what it waits for) is loaded. */
export function LazyRoute({ screen }: { screen: LazyScreen }) {
  const location = useLocation();
  const href = useHref(location);
  return screen.loaded() ?? use(screen.preload(href));
}
