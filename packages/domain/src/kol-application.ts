import {
  validatePayoutWallet,
  type PayoutWallet,
  type PayoutWalletError,
} from './payout-wallet.ts';
import { err, ok, type Result } from './result.ts';

/**
 * Joining the affiliate (KOL) programme: a member applies with the channels they publish on, a
 * word about their audience and the wallet payouts go to; an operator approves (the member
 * becomes a KOL) or declines with a reason. A declined member may apply again; one application
 * is open at a time.
 */

export const KolApplicationStatus = {
  PENDING: 'pending',
  APPROVED: 'approved',
  DECLINED: 'declined',
} as const;
export type KolApplicationStatus = (typeof KolApplicationStatus)[keyof typeof KolApplicationStatus];

/** Channel links an application carries: at least one, at most this many. */
export const KOL_APPLICATION_LINKS_MAX = 5;
export const KOL_APPLICATION_LINK_MAX_LENGTH = 300;
export const KOL_APPLICATION_AUDIENCE_MAX_LENGTH = 1000;
export const KOL_DECLINE_REASON_MAX_LENGTH = 500;

export interface KolApplicationInput {
  readonly links: readonly string[];
  readonly audience: string;
  readonly wallet: { readonly network: string; readonly address: string };
}

export interface KolApplicationFields {
  readonly links: readonly string[];
  readonly audience: string;
  readonly wallet: PayoutWallet;
}

export type KolApplicationError =
  | 'channel_link_required'
  | 'channel_link_invalid'
  | 'too_many_channel_links'
  | 'audience_required'
  | 'text_too_long'
  | PayoutWalletError;

/** An http(s) address of a channel (a profile, a group, a site), without spaces. */
function channelLink(input: string): string | null {
  const text = input.trim();
  if (text === '' || text.length > KOL_APPLICATION_LINK_MAX_LENGTH || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.hostname.includes('.')) return null;
  return text;
}

/**
 * Checks an application: 1-5 channel links (http or https, blank lines ignored, duplicates
 * dropped), an audience description (1-1000 characters) and a payout wallet. The first problem
 * found is reported, in the order of the form.
 */
export function validateKolApplication(
  input: KolApplicationInput,
): Result<KolApplicationFields, KolApplicationError> {
  const given = input.links.map((l) => l.trim()).filter((l) => l !== '');
  if (given.length === 0) return err('channel_link_required');
  const links: string[] = [];
  for (const link of given) {
    const valid = channelLink(link);
    if (valid === null) return err('channel_link_invalid');
    if (!links.includes(valid)) links.push(valid);
  }
  if (links.length > KOL_APPLICATION_LINKS_MAX)
    return err('too_many_channel_links', { max: KOL_APPLICATION_LINKS_MAX });
  const audience = input.audience.trim();
  if (audience === '') return err('audience_required');
  if (audience.length > KOL_APPLICATION_AUDIENCE_MAX_LENGTH)
    return err('text_too_long', { max: KOL_APPLICATION_AUDIENCE_MAX_LENGTH });
  const wallet = validatePayoutWallet(input.wallet);
  if (!wallet.ok) return wallet;
  return ok({ links, audience, wallet: wallet.value });
}

export type KolApplyRefusal = 'already_kol' | 'application_pending';

/**
 * Whether a member may apply now: not while a KOL, not while an application is open; after a
 * decline (or when a former KOL's programme ended) they may apply again.
 */
export function canApplyForKol(state: {
  readonly isKol: boolean;
  readonly latest: KolApplicationStatus | null;
}): Result<true, KolApplyRefusal> {
  if (state.isKol) return err('already_kol');
  if (state.latest === KolApplicationStatus.PENDING) return err('application_pending');
  return ok(true);
}

export type KolDecision =
  { readonly kind: 'approve' } | { readonly kind: 'decline'; readonly reason: string };

export type KolDecisionError = 'application_not_pending' | 'reason_required' | 'text_too_long';

/**
 * An operator's decision on an application: only a pending one is decided, once; a decline
 * needs a reason the member is shown (1-500 characters).
 */
export function decideKolApplication(
  status: KolApplicationStatus,
  decision: KolDecision,
): Result<
  { readonly status: KolApplicationStatus; readonly reason: string | null },
  KolDecisionError
> {
  if (status !== KolApplicationStatus.PENDING) return err('application_not_pending');
  if (decision.kind === 'approve')
    return ok({ status: KolApplicationStatus.APPROVED, reason: null });
  const reason = decision.reason.trim();
  if (reason === '') return err('reason_required');
  if (reason.length > KOL_DECLINE_REASON_MAX_LENGTH)
    return err('text_too_long', { max: KOL_DECLINE_REASON_MAX_LENGTH });
  return ok({ status: KolApplicationStatus.DECLINED, reason });
}
