import type { ReferralParty } from '@nimbus/domain';
import { deviceIdsOfUser } from '../devices/device-store.ts';
import type { Db } from '../db/database.ts';

/** Wallets a user has paid from (the sender of their crypto orders' transactions). */
async function walletsOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('crypto_transactions')
    .innerJoin('orders', 'orders.id', 'crypto_transactions.order_id')
    .select('crypto_transactions.from_address')
    .where('orders.user_id', '=', userId)
    .where('crypto_transactions.from_address', 'is not', null)
    .execute();
  return rows.map((r) => r.from_address ?? '');
}

/** What identifies a person for the domain's self-referral rule: account, devices, wallets. */
export async function referralParty(db: Db, userId: number): Promise<ReferralParty> {
  const [deviceIds, walletAddresses] = await Promise.all([
    deviceIdsOfUser(db, userId),
    walletsOfUser(db, userId),
  ]);
  return { accountId: String(userId), deviceIds, walletAddresses };
}
