import type { Subscription } from '@nimbus/api-sdk/contract';

export type ClientId = 'clash' | 'singbox' | 'shadowrocket' | 'surge' | 'quantumultx' | 'loon';

export interface ClientInfo {
  id: ClientId;
  /** Product names stay as their makers write them, in both languages. */
  name: string;
  /** Where to get the client when the deep link opens nothing. */
  installUrl: string;
  importKey: `import_${ClientId}`;
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
  {
    id: 'surge',
    name: 'Surge',
    installUrl: 'https://apps.apple.com/app/surge-5/id1442620678',
    importKey: 'import_surge',
  },
  {
    id: 'quantumultx',
    name: 'Quantumult X',
    installUrl: 'https://apps.apple.com/app/quantumult-x/id1443988620',
    importKey: 'import_quantumultx',
  },
  {
    id: 'loon',
    name: 'Loon',
    installUrl: 'https://apps.apple.com/app/loon/id1373567447',
    importKey: 'import_loon',
  },
];

/**
 * The subscription URL a client reads (Shadowrocket takes the base64 list; the others their own
 * format) and its import deep link.
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
    case 'surge':
    case 'quantumultx':
    case 'loon':
      return { url: subscription[client], importLink: subscription.importLinks[client] };
  }
}
