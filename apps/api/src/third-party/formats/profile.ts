import type { ResolvedProxy } from '../../nodes/index.ts';

/** What every output format is written from. */
export interface SubscriptionProfile {
  /** Localised profile title, with the speed limit ("Nimbus (10 Mbps limit)"). */
  title: string;
  /** Localised name of the automatic (lowest latency) group. */
  autoGroupName: string;
  proxies: readonly ResolvedProxy[];
  /** True when the only proxy is the placeholder that explains why there are no servers. */
  placeholder: boolean;
  /** This download's own address (with its format flag), for formats that update themselves. */
  managedUrl: string;
  /** How often the client should download it again, in seconds. */
  updateIntervalS: number;
}

/** The group clients route through; the brand name reads the same in both languages. */
export const SELECT_GROUP = 'Nimbus';

/** Where the automatic group measures latency (HTTP 204, widely used by clients). */
export const LATENCY_TEST_URL = 'https://www.gstatic.com/generate_204';
export const LATENCY_TEST_INTERVAL_S = 300;

/** Private and loopback ranges always go direct (printers, routers, the machine itself). */
export const PRIVATE_CIDRS = [
  '127.0.0.0/8',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '169.254.0.0/16',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
] as const;
