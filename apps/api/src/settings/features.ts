import { ErrorCode } from '@nimbus/api-sdk/contract';
import type { Feature } from '@nimbus/domain';
import { Refusal } from '../errors/refusal.ts';
import type { Settings } from './settings.ts';

/**
 * Refuses with FEATURE_UNAVAILABLE while the operator has `feature` switched off. Whole endpoints
 * are gated by their contract entry (`feature`, checked by the routes); this is for the calls
 * where only one path belongs to a feature (paying by crypto).
 */
export async function requireFeature(settings: Settings, feature: Feature): Promise<void> {
  if (!(await settings.features())[feature]) throw new Refusal(ErrorCode.FEATURE_UNAVAILABLE);
}
