import {
  KOL_FIRST_PURCHASE_RATE_MAX_PERCENT,
  KOL_FIRST_PURCHASE_RATE_MIN_PERCENT,
  KOL_HOLDING_PERIOD_DAYS_DEFAULT,
} from '@nimbus/domain';
import { intSetting, parseBooleanText, type Setting } from './settings.ts';

/** KOL programme settings from the environment values env.ts hands over. */
export interface KolConfig {
  /** Days a commission is held (the refund window) before it becomes payable. */
  holdingDays: number;
  /**
   * Default of the run-time setting `kol.autoApprove`: applications are approved at once, at
   * `defaultRatePercent`.
   */
  autoApprove: boolean;
  /** Default of `kol.defaultRatePercent`: the first-purchase rate of an approved application. */
  defaultRatePercent: number;
}

export function parseKolConfig(get: Setting, problems: string[]): KolConfig {
  const autoApproveText = get('KOL_AUTO_APPROVE');
  return {
    holdingDays: intSetting(
      get,
      'KOL_HOLDING_DAYS',
      KOL_HOLDING_PERIOD_DAYS_DEFAULT,
      0,
      365,
      problems,
    ),
    autoApprove:
      autoApproveText === undefined
        ? false
        : (parseBooleanText(autoApproveText, 'KOL_AUTO_APPROVE', problems) ?? false),
    defaultRatePercent: intSetting(
      get,
      'KOL_DEFAULT_RATE',
      KOL_FIRST_PURCHASE_RATE_MIN_PERCENT,
      KOL_FIRST_PURCHASE_RATE_MIN_PERCENT,
      KOL_FIRST_PURCHASE_RATE_MAX_PERCENT,
      problems,
    ),
  };
}
