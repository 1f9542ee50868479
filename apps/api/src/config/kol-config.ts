import { KOL_HOLDING_PERIOD_DAYS_DEFAULT } from '@nimbus/domain';
import { intSetting, type Setting } from './settings.ts';

/** KOL programme settings from the environment values env.ts hands over. */
export interface KolConfig {
  /** Days a commission is held (the refund window) before it becomes payable. */
  holdingDays: number;
}

export function parseKolConfig(get: Setting, problems: string[]): KolConfig {
  return {
    holdingDays: intSetting(
      get,
      'KOL_HOLDING_DAYS',
      KOL_HOLDING_PERIOD_DAYS_DEFAULT,
      0,
      365,
      problems,
    ),
  };
}
