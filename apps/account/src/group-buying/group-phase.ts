import type { GroupBuy } from '@nimbus/api-sdk/contract';
import { GroupBuyPaymentType, GroupBuyPhase, GroupBuyStatus, countdown } from '@nimbus/domain';

type GroupFacts = Pick<
  GroupBuy,
  'status' | 'expireAt' | 'creatorPaid' | 'paymentType' | 'membersJoined' | 'size'
>;

/**
 * Where a group from the API stands, by the domain's phases: finished once complete; an
 * unfinished group whose countdown reached zero has ended; before that it waits for the
 * creator's payment or recruits members. (The domain's groupBuyPhase reads the server's full
 * group with its members; the API answers the facts that decide it.)
 */
export function groupPhase(group: GroupFacts, now: number): GroupBuyPhase {
  if (group.status === GroupBuyStatus.FINISHED) return GroupBuyPhase.FINISHED;
  if (countdown(group.expireAt, now).ended) return GroupBuyPhase.ENDED;
  return group.creatorPaid ? GroupBuyPhase.RECRUITING : GroupBuyPhase.AWAITING_CREATOR_PAYMENT;
}

/**
 * Whether friends can still take a seat through the invite link: a recruiting group, or a
 * finished pay-all group with free seats (those seats are paid for and do not expire).
 */
export function canInvite(group: GroupFacts, now: number): boolean {
  const phase = groupPhase(group, now);
  if (phase === GroupBuyPhase.RECRUITING) return group.membersJoined < group.size;
  return (
    phase === GroupBuyPhase.FINISHED &&
    group.paymentType === GroupBuyPaymentType.PAY_ALL &&
    group.membersJoined < group.size
  );
}
