import type { PayoutWallet } from '@nimbus/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { KolWalletsTable } from '../db/schema.ts';

/** The kol_wallets table: the payout wallet in force per KOL. */

export type WalletRow = Selectable<KolWalletsTable>;

export async function findWallet(db: Db, userId: number): Promise<WalletRow | undefined> {
  return walletRows(db).where('user_id', '=', userId).executeTakeFirst();
}

/** The wallets in force, for another module's query to join. */
export const walletRows = (db: Db) => db.selectFrom('kol_wallets').selectAll();

/** Sets the wallet in force (the caller holds the user's lock and audits). */
export async function saveWallet(
  trx: Db,
  userId: number,
  wallet: PayoutWallet,
  change: { by: string; now: number },
): Promise<void> {
  await trx
    .insertInto('kol_wallets')
    .values({
      user_id: userId,
      network: wallet.network,
      address: wallet.address,
      updated_at: change.now,
      updated_by: change.by,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        network: wallet.network,
        address: wallet.address,
        updated_at: change.now,
        updated_by: change.by,
      }),
    )
    .execute();
}
