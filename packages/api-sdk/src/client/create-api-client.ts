import ky from 'ky';
import {
  HTTP_TIMEOUT_MS,
  apiPrefixFor,
  detectPlatform,
  environmentFromHostname,
  isMarketingPath,
  type DetectedPlatform,
  type Language,
  type PlatformHeader,
} from '@nimbus/domain';
import { endpoints, type EndpointName } from '../contract/endpoints.ts';
import type { Envelope } from '../contract/envelope.ts';
import type { RequestOf, ResponseOf } from '../contract/types.ts';
import { captureAttribution, readAttribution, type AttributionValues } from './attribution.ts';
import type { CallContext } from './context.ts';
import { withCallContext } from './context.ts';
import { createCookieJar } from './cookies.ts';
import { toClientError } from './errors.ts';
import { createEmitter, type ClientEvents, type Emitter } from './events.ts';
import { captureDeviceId } from './hooks/capture-device-id.ts';
import { manageSession } from './hooks/manage-session.ts';
import { setRequestHeaders } from './hooks/set-request-headers.ts';
import { signBody } from './hooks/sign-body.ts';
import { unwrapEnvelope } from './hooks/unwrap-envelope.ts';
import { reportError } from './report-error.ts';
import {
  DEVICE_ID_STORAGE_KEY,
  SIGN_IN_LINK_STORAGE_KEY,
  takeLinkTokenFromUrl,
  createTokenStore,
  memoryStorage,
  type BrowserStorage,
  type TokenStore,
} from './session.ts';
import type { PublicKeys, RandomFill } from './signing.ts';

export interface ApiClientOptions {
  /** Origin of the API, for example `https://api.nimbus.example`; '' for the page's own origin. */
  apiBase: string;
  /** Origin for paths containing `/marketing/` (no prefix); defaults to apiBase. */
  marketingBase?: string;
  /** The page's hostname: chooses the prefix (/v4 or /v4/test) and the cookie domain. */
  hostname: string;
  getLanguage: () => Language;
  /** Defaults to the platform detected from the browser's user agent. */
  getPlatform?: () => DetectedPlatform;
  /**
   * Defaults to window.localStorage and window.sessionStorage (in memory where there is no window).
   */
  storage?: BrowserStorage;
  /** Public keys per platform; fetched once from system_public_keys when absent. */
  publicKeys?: PublicKeys;
  /**
   * Overrides the parent cookie domain (for example `example.co.uk`); null for host-only cookies.
   */
  cookieDomain?: string | null;
  /** The page URL whose `token` and tracking parameters are captured; defaults to location.href. */
  pageUrl?: string;
  /**
   * Replaces the address bar after the token parameter is removed; defaults to
   * history.replaceState.
   */
  replaceUrl?: (url: string) => void;
  timeoutMs?: number;
  fetch?: (input: Request | URL | string, init?: RequestInit) => Promise<Response>;
  /** For tests: the clock and random source of signing. */
  now?: () => number;
  random?: RandomFill;
}

export interface CallOptions {
  signal?: AbortSignal;
  skipErrorHandler?: false;
}
/** Returns the raw envelope, whatever its code, and reports nothing. */
export interface RawCallOptions {
  signal?: AbortSignal;
  skipErrorHandler: true;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{}` is the "no required field" test
type PayloadOptional<N extends EndpointName> = {} extends RequestOf<N> ? true : false;
export type CallArgs<N extends EndpointName> =
  PayloadOptional<N> extends true
    ? [payload?: RequestOf<N>, options?: CallOptions]
    : [payload: RequestOf<N>, options?: CallOptions];

export type EndpointMethods = {
  [N in EndpointName]: (...args: CallArgs<N>) => Promise<ResponseOf<N>>;
};

export interface ApiClient extends EndpointMethods {
  call<N extends EndpointName>(
    name: N,
    payload: RequestOf<N>,
    options: RawCallOptions,
  ): Promise<Envelope<ResponseOf<N> | null>>;
  call<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<ResponseOf<N>>;
  /** Ends the session on the server and always forgets it here, even when the call fails. */
  logout(options?: { everywhere?: boolean }): Promise<void>;
  readonly events: Emitter<ClientEvents>;
  readonly tokens: TokenStore;
  /** The tracking values kept from landing pages, for the register call. */
  getAttribution(): AttributionValues;
  /** The full URL of an API path. */
  url(path: string): string;
  /**
   * The one-time sign-in link token a page of this tab was opened with (`?token=`), until
   * forgotten. The client never exchanges it by itself: the app asks whose account it opens
   * (userSignInLinkAccount), asks the visitor, and only then calls userSignInLinkExchange.
   */
  pendingSignInLink(): string | null;
  /** Forgets the pending sign-in link (the visitor used or declined it, or it does not work). */
  forgetSignInLink(): void;
}

const trimSlash = (s: string) => s.replace(/\/+$/, '');

export function createApiClient(options: ApiClientOptions): ApiClient {
  const storage = options.storage ?? {
    local: globalThis.localStorage ?? memoryStorage(),
    session: globalThis.sessionStorage ?? memoryStorage(),
  };
  const pageUrl = options.pageUrl ?? globalThis.location?.href;
  const cookies = createCookieJar({
    hostname: options.hostname,
    ...(options.cookieDomain !== undefined ? { domain: options.cookieDomain } : {}),
    secure: pageUrl?.startsWith('https:') ?? false,
  });
  const events = createEmitter<ClientEvents>();
  const tokens = createTokenStore(storage, cookies, events);
  const getPlatform =
    options.getPlatform ??
    (() =>
      detectPlatform(
        globalThis.navigator?.userAgent ?? '',
        globalThis.navigator?.maxTouchPoints ?? 0,
      ));

  const prefix = apiPrefixFor(environmentFromHostname(options.hostname));
  const url = (path: string) =>
    isMarketingPath(path)
      ? `${trimSlash(options.marketingBase ?? options.apiBase)}${path}`
      : `${trimSlash(options.apiBase)}${prefix}${path}`;

  let publicKeys: Promise<PublicKeys> | undefined = options.publicKeys
    ? Promise.resolve(options.publicKeys)
    : undefined;
  const getPublicKey = async (platform: PlatformHeader) => {
    // Fetched once; a failed fetch is retried by the next signed call. Reported by that call.
    publicKeys ??= send('systemPublicKeys', {}, undefined, false).then(
      (r) => (r as ResponseOf<'systemPublicKeys'>).keys,
      (error: unknown) => {
        publicKeys = undefined;
        throw error;
      },
    );
    return (await publicKeys)[platform];
  };

  const http = ky.create({
    timeout: options.timeoutMs ?? HTTP_TIMEOUT_MS,
    retry: 0,
    // Failures carry an envelope too: unwrapEnvelope reads every answer whatever its status.
    throwHttpErrors: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        setRequestHeaders({
          getToken: tokens.get,
          getPlatform,
          getLanguage: options.getLanguage,
          getDeviceId: () => storage.local.getItem(DEVICE_ID_STORAGE_KEY),
          cookies,
        }),
        signBody({
          getPlatform,
          getPublicKey,
          ...(options.now ? { now: options.now } : {}),
          ...(options.random ? { random: options.random } : {}),
        }),
      ],
      afterResponse: [captureDeviceId(storage.local), manageSession(tokens), unwrapEnvelope()],
    },
  });

  async function send(
    name: EndpointName,
    payload: object | undefined,
    callOptions: CallOptions | RawCallOptions | undefined,
    report = true,
  ): Promise<unknown> {
    const spec = endpoints[name];
    const call: CallContext = {
      name,
      spec,
      payload: payload ?? {},
      skipErrorHandler: callOptions?.skipErrorHandler === true,
    };
    try {
      const response = await http.post(url(spec.path), {
        json: call.payload,
        context: withCallContext(call),
        ...(callOptions?.signal ? { signal: callOptions.signal } : {}),
      });
      const envelope = await response.json<Envelope>();
      return call.skipErrorHandler ? envelope : envelope.data;
    } catch (caught) {
      const error = toClientError(caught, spec.path);
      if (report) reportError(error, call, events);
      throw error;
    }
  }

  if (pageUrl) {
    const taken = takeLinkTokenFromUrl(pageUrl);
    if (taken) {
      (
        options.replaceUrl ??
        ((u: string) => globalThis.history?.replaceState(globalThis.history.state, '', u))
      )(taken.cleanedUrl);
      // Kept, not used: a link may come from a stranger's account (login CSRF), so the app shows
      // whose account it opens and exchanges it only when the visitor says so. Kept for the tab
      // (sessionStorage), so that a redirect to another app's page (the login page) still asks.
      if (taken.linkToken === null) storage.session.removeItem(SIGN_IN_LINK_STORAGE_KEY);
      else storage.session.setItem(SIGN_IN_LINK_STORAGE_KEY, taken.linkToken);
    }
    captureAttribution(pageUrl, cookies);
  }

  const methods = Object.fromEntries(
    (Object.keys(endpoints) as EndpointName[]).map((name) => [
      name,
      (payload?: object, callOptions?: CallOptions) => send(name, payload, callOptions),
    ]),
  ) as unknown as EndpointMethods;

  return {
    ...methods,
    call: ((name: EndpointName, payload?: object, callOptions?: CallOptions | RawCallOptions) =>
      send(name, payload, callOptions)) as ApiClient['call'],
    async logout(logoutOptions) {
      try {
        await send('userLogout', logoutOptions ?? {}, undefined);
      } finally {
        tokens.clear('logout');
      }
    },
    events,
    tokens,
    getAttribution: () => readAttribution(cookies),
    url,
    pendingSignInLink: () => storage.session.getItem(SIGN_IN_LINK_STORAGE_KEY),
    forgetSignInLink: () => storage.session.removeItem(SIGN_IN_LINK_STORAGE_KEY),
  };
}
