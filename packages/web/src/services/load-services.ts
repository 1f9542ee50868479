import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ServicesConfig, WebServices } from './types.ts';

let config: ServicesConfig | undefined;
let loading: Promise<WebServices> | undefined;
/** The services once loaded (null before, while pre-rendering and so while hydrating). */
const loaded = createStore<WebServices | null>()(() => null);

function settle(services: WebServices): WebServices {
  loaded.setState(services, true);
  return services;
}

/** Called once by the app shell, before anything asks for the services. */
export function configureServices(next: ServicesConfig): void {
  config = next;
}

/** Hands in services made elsewhere (pre-rendering, tests). */
export function provideServices(services: WebServices): void {
  loading = Promise.resolve(settle(services));
}

/**
 * The API client and query client, loading their chunk the first time (the shell starts it
 * right after first paint; a page that calls the API waits for it before it renders).
 */
export function loadServices(): Promise<WebServices> {
  loading ??= import('./services.tsx').then(({ createServices }) => {
    if (!config) throw new Error('configureServices() must run before loadServices()');
    return settle(createServices(config));
  });
  return loading;
}

/** The services when loaded, else null (re-renders when they arrive). */
export function useServices(): WebServices | null {
  return useStore(loaded);
}
