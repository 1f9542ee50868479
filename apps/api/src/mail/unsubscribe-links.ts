import type { MailCategory } from '@nimbus/domain';
import type { PlatformServices } from '../platform/platform-services.ts';
import { UnsubscribeTokens } from './unsubscribe-token.ts';

/** Where a notice's unsubscribe link leads (both carry the same signed token). */
export interface UnsubscribeLink {
  /** The page that unsubscribes on opening and says so (the link in the text). */
  page: string;
  /** The RFC 8058 one-click address mail programs POST to (List-Unsubscribe). */
  oneClick: string;
}

/** The path of the one-click address under the API prefixes (mail/unsubscribe-route.ts). */
export const ONE_CLICK_PATH = '/mail/unsubscribe';

export interface UnsubscribeLinks {
  of(userId: number, category: MailCategory): UnsubscribeLink;
  tokens: UnsubscribeTokens;
}

export function unsubscribeTokens(services: Pick<PlatformServices, 'secret'>): UnsubscribeTokens {
  return new UnsubscribeTokens(services.secret.derive('mail-unsubscribe'));
}

export function unsubscribeLinks(
  services: Pick<PlatformServices, 'secret' | 'config'>,
): UnsubscribeLinks {
  const tokens = unsubscribeTokens(services);
  const origin = services.config.publicUrl;
  return {
    tokens,
    of(userId, category) {
      const token = encodeURIComponent(tokens.sign(userId, category));
      return {
        // `key`, not `token`: the apps take a `token` parameter for a sign-in link.
        page: `${origin}/unsubscribe?key=${token}`,
        oneClick: `${origin}/v4${ONE_CLICK_PATH}?token=${token}`,
      };
    },
  };
}
