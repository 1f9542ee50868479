import type { Db } from '../../src/db/database.ts';
import { saveWallet } from '../../src/inviters/wallet-store.ts';

/** A payout wallet address valid on every EVM network the domain offers. */
export const TEST_WALLET: `0x${string}` = `0x${'c3'.repeat(20)}`;

/** Gives a KOL the payout wallet a payout needs (as the dashboard's wallet page would). */
export async function giveWallet(db: Db, userId: number, now: number): Promise<void> {
  await saveWallet(
    db,
    userId,
    { network: 'ethereum', address: TEST_WALLET },
    {
      by: `user:${userId}`,
      now,
    },
  );
}
