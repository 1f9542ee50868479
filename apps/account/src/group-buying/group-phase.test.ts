import { GroupBuyPaymentType, GroupBuyPhase, GroupBuyStatus } from '@nimbus/domain';
import { describe, expect, test } from 'vitest';
import { canInvite, groupPhase } from './group-phase.ts';

const now = Date.UTC(2026, 2, 1, 12);
const base = {
  status: GroupBuyStatus.UNFINISHED,
  expireAt: now + 3_600_000,
  creatorPaid: true,
  paymentType: GroupBuyPaymentType.PAY_SELF,
  membersJoined: 1,
  size: 3,
} as const;

describe('groupPhase', () => {
  test.each([
    ['a pay-self group whose creator paid is recruiting', base, GroupBuyPhase.RECRUITING],
    [
      'a group whose creator has not paid waits for that payment',
      { ...base, creatorPaid: false },
      GroupBuyPhase.AWAITING_CREATOR_PAYMENT,
    ],
    [
      'an unfinished group at its end time has ended',
      { ...base, expireAt: now },
      GroupBuyPhase.ENDED,
    ],
    [
      'a finished group stays finished after its end time',
      { ...base, status: GroupBuyStatus.FINISHED, expireAt: now - 1 },
      GroupBuyPhase.FINISHED,
    ],
  ])('%s', (_name, group, phase) => {
    expect(groupPhase(group, now)).toBe(phase);
  });
});

describe('canInvite', () => {
  test.each([
    ['recruiting with a free seat', base, true],
    ['recruiting but full', { ...base, membersJoined: 3 }, false],
    ['waiting for the creator to pay', { ...base, creatorPaid: false }, false],
    ['ended', { ...base, expireAt: now - 1 }, false],
    [
      'finished pay-all with free seats, even past its end time',
      {
        ...base,
        status: GroupBuyStatus.FINISHED,
        paymentType: GroupBuyPaymentType.PAY_ALL,
        expireAt: now - 1,
      },
      true,
    ],
    [
      'finished pay-all and full',
      {
        ...base,
        status: GroupBuyStatus.FINISHED,
        paymentType: GroupBuyPaymentType.PAY_ALL,
        membersJoined: 3,
      },
      false,
    ],
    ['finished pay-self', { ...base, status: GroupBuyStatus.FINISHED, membersJoined: 3 }, false],
  ])('%s: %s', (_name, group, expected) => {
    expect(canInvite(group, now)).toBe(expected);
  });
});
