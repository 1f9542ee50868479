import { Suspense, useEffect, useLayoutEffect } from 'react';
import { useNavigate, useRoutes, type NavigateFunction, type RouteObject } from 'react-router';
import { NotFoundPage } from '../errors/NotFoundPage.tsx';
import { PageLoading } from '../screens/PageLoading.tsx';
import { endHydration } from './hydration.ts';

function MatchedRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes) ?? <NotFoundPage />;
}

/** Hands the router's navigate function to code outside React (the API services). */
function NavigateBridge({ navigateRef }: { navigateRef: { current?: NavigateFunction } }) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    navigateRef.current = navigate;
  }, [navigate, navigateRef]);
  return null;
}

/**
 * Marks <html data-app-ready> once the routes have rendered or hydrated (tests and monitoring
 * wait for it: before, a pre-rendered page is only HTML) and lets the API's answers held back
 * while hydrating go on. It sits inside the Suspense boundary: React hydrates a boundary's
 * content in a pass of its own after the root, so an effect above it would run too early.
 */
function RoutesRendered() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
    endHydration();
  }, []);
  return null;
}

/**
 * The routes of an app inside its router, the same in the browser and when pre-rendering (so
 * hydration matches). A path no route matches shows the not-found page. The Suspense boundary
 * is shown from the start, so a navigation to a screen still loading keeps the current page
 * (router updates are transitions) instead of showing a fallback.
 */
export function AppRoutes({
  routes,
  navigateRef,
}: {
  routes: RouteObject[];
  navigateRef?: { current?: NavigateFunction };
}) {
  return (
    <Suspense fallback={<PageLoading />}>
      {navigateRef && <NavigateBridge navigateRef={navigateRef} />}
      <MatchedRoutes routes={routes} />
      <RoutesRendered />
    </Suspense>
  );
}
