import type { Subscription } from '@nimbus/api-sdk/contract';

export type ClientId = 'clash' | 'singbox' | 'shadowrocket';

export interface ClientInfo {
  id: ClientId;
  /** Product names stay as their makers write them, in both languages. */
  name: string;
  /** Where to get the client when the deep link opens nothing. */
  installUrl: string;
  importKey: 'import_clash' | 'import_singbox' | 'import_shadowrocket';
}

export const CLIENTS: readonly ClientInfo[] = [
  {
    id: 'clash',
    name: 'Clash / mihomo',
    installUrl: 'https://github.com/clash-verge-rev/clash-verge-rev/releases',
    importKey: 'import_clash',
  },
  {
    id: 'singbox',
    name: 'sing-box',
    installUrl: 'https://sing-box.sagernet.org/clients/',
    importKey: 'import_singbox',
  },
  {
    id: 'shadowrocket',
    name: 'Shadowrocket',
    installUrl: 'https://apps.apple.com/app/shadowrocket/id932747118',
    importKey: 'import_shadowrocket',
  },
];

/**
 * The subscription URL a client reads (Shadowrocket takes the base64 list) and its import deep
 * link.
 */
export function clientLinks(
  subscription: Subscription,
  client: ClientId,
): { url: string; importLink: string } {
  switch (client) {
    case 'clash':
      return { url: subscription.clash, importLink: subscription.importLinks.clash };
    case 'singbox':
      return { url: subscription.singbox, importLink: subscription.importLinks.singbox };
    case 'shadowrocket':
      return { url: subscription.base64, importLink: subscription.importLinks.shadowrocket };
  }
}
