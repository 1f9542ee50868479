import { describe, expect, test } from 'vitest';
import {
  canApplyForKol,
  decideKolApplication,
  KolApplicationStatus,
  validateKolApplication,
} from './kol-application.ts';

const WALLET = { network: 'ethereum', address: '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01' };
const base = {
  links: ['https://youtube.com/@nimbus'],
  audience: 'Tech reviews, 20k viewers',
  wallet: WALLET,
};

describe('an application to the KOL programme', () => {
  test('a valid one is kept trimmed, links deduplicated, the address lower-cased', () => {
    expect(
      validateKolApplication({
        ...base,
        links: [
          ' https://youtube.com/@nimbus ',
          '',
          'https://youtube.com/@nimbus',
          'http://t.me/x',
        ],
        audience: '  Tech reviews  ',
      }),
    ).toEqual({
      ok: true,
      value: {
        links: ['https://youtube.com/@nimbus', 'http://t.me/x'],
        audience: 'Tech reviews',
        wallet: { network: 'ethereum', address: WALLET.address.toLowerCase() },
      },
    });
  });

  test.each([
    ['no link', { links: ['', ' '] }, 'channel_link_required'],
    ['a link that is not a web address', { links: ['youtube.com/@me'] }, 'channel_link_invalid'],
    ['a link of another scheme', { links: ['javascript:alert(1)'] }, 'channel_link_invalid'],
    ['a link with spaces', { links: ['https://a.com/x y'] }, 'channel_link_invalid'],
    ['a host without a dot', { links: ['https://localhost/x'] }, 'channel_link_invalid'],
    [
      'six links',
      { links: ['1', '2', '3', '4', '5', '6'].map((n) => `https://a.com/${n}`) },
      'too_many_channel_links',
    ],
    ['no audience', { audience: '   ' }, 'audience_required'],
    ['an audience text over 1000 characters', { audience: 'x'.repeat(1001) }, 'text_too_long'],
    ['an unknown network', { wallet: { ...WALLET, network: 'tron' } }, 'payout_network_invalid'],
    ['a malformed address', { wallet: { ...WALLET, address: '0x123' } }, 'wallet_address_invalid'],
  ])('%s is refused', (_case, change, error) => {
    const result = validateKolApplication({ ...base, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toBe(error);
  });
});

describe('who may apply', () => {
  test.each([
    [false, null, { ok: true, value: true }],
    [false, KolApplicationStatus.DECLINED, { ok: true, value: true }],
    [false, KolApplicationStatus.APPROVED, { ok: true, value: true }],
    [false, KolApplicationStatus.PENDING, { ok: false, error: 'application_pending' }],
    [true, null, { ok: false, error: 'already_kol' }],
    [true, KolApplicationStatus.APPROVED, { ok: false, error: 'already_kol' }],
  ] as const)('a KOL: %s, latest application: %s', (isKol, latest, expected) => {
    expect(canApplyForKol({ isKol, latest })).toEqual(expected);
  });
});

describe("an operator's decision", () => {
  test('approves a pending application', () => {
    expect(decideKolApplication('pending', { kind: 'approve' })).toEqual({
      ok: true,
      value: { status: 'approved', reason: null },
    });
  });
  test('declines with the trimmed reason', () => {
    expect(
      decideKolApplication('pending', { kind: 'decline', reason: ' No audience yet ' }),
    ).toEqual({ ok: true, value: { status: 'declined', reason: 'No audience yet' } });
  });
  test.each([
    ['approved', { kind: 'approve' }, 'application_not_pending'],
    ['declined', { kind: 'decline', reason: 'x' }, 'application_not_pending'],
    ['pending', { kind: 'decline', reason: '  ' }, 'reason_required'],
    ['pending', { kind: 'decline', reason: 'x'.repeat(501) }, 'text_too_long'],
  ] as const)('refuses deciding a %s application with %o', (status, decision, error) => {
    const result = decideKolApplication(status, decision);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toBe(error);
  });
});
