import { LITE_UPGRADE_CONVERSION_PERCENT_DEFAULT } from './constants.ts';
import { daysToSeconds, msToWholeSeconds, secondsToMs } from './duration.ts';
import { extendExpiry, remainingMs, type Membership } from './membership.ts';
import { err, ok, type Result } from './result.ts';

export interface LiteUpgradeQuote {
  /** Whole seconds of Lite left at `now`, rounded down. */
  readonly remainingLiteSeconds: number;
  readonly conversionPercent: number;
  /** Standard seconds the Lite time becomes: remaining x percent / 100, rounded down. */
  readonly convertedStandardSeconds: number;
  /** The Standard plan bought with the upgrade. */
  readonly planSeconds: number;
  /** Standard expiry after the upgrade: plan time plus converted time, by the extension rule. */
  readonly standardExpiresAt: number;
}

function assertPercent(percent: number): void {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new RangeError(`A conversion percentage must be a whole 0-100, got ${percent}`);
}

/**
 * What the Lite-to-Standard upgrade gives, shown to the user before paying and applied with the
 * same numbers at payment: remaining Lite time converts to Standard time at a configured
 * percentage (default 50 %), rounded down to whole seconds. Without Lite time left there is
 * nothing to upgrade (buy Standard instead).
 */
export function quoteLiteUpgrade(input: {
  readonly membership: Membership;
  readonly standardPlanDays: number;
  readonly now: number;
  readonly conversionPercent?: number;
}): Result<LiteUpgradeQuote, 'no_lite_time'> {
  const conversionPercent = input.conversionPercent ?? LITE_UPGRADE_CONVERSION_PERCENT_DEFAULT;
  assertPercent(conversionPercent);
  const remainingLiteSeconds = msToWholeSeconds(
    remainingMs(input.membership.liteExpiresAt, input.now),
  );
  if (remainingLiteSeconds === 0) return err('no_lite_time');
  const convertedStandardSeconds = Math.floor((remainingLiteSeconds * conversionPercent) / 100);
  const planSeconds = daysToSeconds(input.standardPlanDays);
  return ok({
    remainingLiteSeconds,
    conversionPercent,
    convertedStandardSeconds,
    planSeconds,
    standardExpiresAt: extendExpiry(
      input.membership.standardExpiresAt,
      secondsToMs(planSeconds + convertedStandardSeconds),
      input.now,
    ),
  });
}

/**
 * Applies the upgrade after payment: Standard permission at once (its time starts now or
 * continues), and the Lite time ends now because it was converted.
 */
export function applyLiteUpgrade(input: {
  readonly membership: Membership;
  readonly standardPlanDays: number;
  readonly now: number;
  readonly conversionPercent?: number;
}): Result<{ readonly membership: Membership; readonly quote: LiteUpgradeQuote }, 'no_lite_time'> {
  const quote = quoteLiteUpgrade(input);
  if (!quote.ok) return quote;
  return ok({
    membership: { standardExpiresAt: quote.value.standardExpiresAt, liteExpiresAt: input.now },
    quote: quote.value,
  });
}
