import type { ReferralParty } from '@nimbus/domain';
import { deviceIdsOfUser } from '../devices/index.ts';
import type { Db } from '../db/database.ts';
import { senderWalletsOfUser } from '../orders/index.ts';

/** What identifies a person for the domain's self-referral rule: account, devices, wallets. */
export async function referralParty(db: Db, userId: number): Promise<ReferralParty> {
  const [deviceIds, walletAddresses] = await Promise.all([
    deviceIdsOfUser(db, userId),
    senderWalletsOfUser(db, userId),
  ]);
  return { accountId: String(userId), deviceIds, walletAddresses };
}
