import type { Db } from '../db/database.ts';

/**
 * Nonces of signed calls already seen, in the database so that several API processes sharing it
 * refuse the same replay. A row lives as long as its timestamp is inside the window.
 */
export class NonceStore {
  constructor(
    private readonly db: Db,
    private readonly windowMs: number,
  ) {}

  /** Records the nonce; false when this nonce and timestamp were already used. */
  async claim(nonce: string, timestamp: number): Promise<boolean> {
    const result = await this.db
      .insertInto('signature_nonces')
      .values({ nonce, timestamp, expires_at: timestamp + this.windowMs })
      .onConflict((oc) => oc.columns(['nonce', 'timestamp']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Whether the nonce with this timestamp was claimed already (claims nothing). */
  async seen(nonce: string, timestamp: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('signature_nonces')
      .select('nonce')
      .where('nonce', '=', nonce)
      .where('timestamp', '=', timestamp)
      .executeTakeFirst();
    return row !== undefined;
  }

  async prune(now: number): Promise<number> {
    const result = await this.db
      .deleteFrom('signature_nonces')
      .where('expires_at', '<', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
