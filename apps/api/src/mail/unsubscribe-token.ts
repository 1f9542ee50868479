import { createHmac, timingSafeEqual } from 'node:crypto';
import { isMailCategory, type MailCategory } from '@nimbus/domain';

/**
 * The token of a notice's unsubscribe link: `<userId>.<category>.<mac>`, the mac an HMAC-SHA256
 * (base64url, 128 bits) of the first two with a key derived from the server secret. It names one
 * member and one category and never expires (an old mail's link keeps working); nothing else can
 * be done with it.
 */
export class UnsubscribeTokens {
  constructor(private readonly key: Buffer) {}

  private mac(userId: number, category: MailCategory): string {
    return createHmac('sha256', this.key)
      .update(`${userId}.${category}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }

  sign(userId: number, category: MailCategory): string {
    return `${userId}.${category}.${this.mac(userId, category)}`;
  }

  /** The member and category a token names; undefined for anything not signed by this server. */
  verify(token: string): { userId: number; category: MailCategory } | undefined {
    const [id, category, mac, ...rest] = token.split('.');
    if (rest.length > 0 || !id || !mac || !/^[1-9]\d{0,15}$/.test(id)) return undefined;
    if (!isMailCategory(category)) return undefined;
    const userId = Number(id);
    const expected = Buffer.from(this.mac(userId, category));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { userId, category };
  }
}
