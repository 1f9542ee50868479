import { Environment } from './enums.ts';

/**
 * Environment from the page's hostname (spec section 3): DEV for localhost, `dev.` hosts and
 * 192.168.x addresses; TEST for `test.` hosts; PROD otherwise.
 */
export function environmentFromHostname(hostname: string): Environment {
  // Tolerate `location.host` (with a port) and a fully-qualified trailing dot.
  const host = hostname.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (
    host === 'localhost' ||
    host.startsWith('dev.') ||
    host.startsWith('192.168.') ||
    host === '127.0.0.1'
  ) {
    return Environment.DEV;
  }
  if (host.startsWith('test.')) return Environment.TEST;
  return Environment.PROD;
}

export const API_PREFIX_PROD = '/v4';
export const API_PREFIX_TEST = '/v4/test';

/** The API path prefix an environment uses: `/v4` in production, `/v4/test` in DEV and TEST. */
export function apiPrefixFor(
  environment: Environment,
): typeof API_PREFIX_PROD | typeof API_PREFIX_TEST {
  return environment === Environment.PROD ? API_PREFIX_PROD : API_PREFIX_TEST;
}

/** Paths containing this segment go to the marketing host, without the API prefix. */
export const MARKETING_PATH_SEGMENT = '/marketing/';

export function isMarketingPath(path: string): boolean {
  return path.includes(MARKETING_PATH_SEGMENT);
}
