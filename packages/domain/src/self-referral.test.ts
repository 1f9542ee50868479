import { describe, expect, test } from 'vitest';
import { checkSelfReferral, isSelfReferral, type ReferralParty } from './self-referral.ts';

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const inviter: ReferralParty = {
  accountId: 'u1',
  deviceIds: ['dev-a', 'dev-b'],
  walletAddresses: [WALLET],
};
const stranger: ReferralParty = {
  accountId: 'u2',
  deviceIds: ['dev-c'],
  walletAddresses: [`0x${'1'.repeat(40)}`],
};

describe('self-referral', () => {
  test.each<[string, Partial<ReferralParty>, object]>([
    ['a stranger is a real referral', {}, { ok: true, value: true }],
    ['the same account is refused', { accountId: 'u1' }, { ok: false, error: 'same_account' }],
    [
      'a shared device id is refused',
      { deviceIds: ['dev-x', 'dev-b'] },
      { ok: false, error: 'same_device' },
    ],
    [
      'the same wallet in another letter case is refused',
      { walletAddresses: [WALLET.toLowerCase()] },
      { ok: false, error: 'same_wallet' },
    ],
  ])('%s', (_rule, patch, expected) => {
    expect(checkSelfReferral(inviter, { ...stranger, ...patch })).toEqual(expected);
  });

  test('blank device ids and wallets never make two people one', () => {
    const a = { ...inviter, deviceIds: [' '], walletAddresses: [''] };
    const b = { ...stranger, deviceIds: [''], walletAddresses: [' '] };
    expect(isSelfReferral(a, b)).toBe(false);
  });

  test('isSelfReferral says yes for a shared device', () => {
    expect(isSelfReferral(inviter, { ...stranger, deviceIds: ['dev-a'] })).toBe(true);
  });
});
