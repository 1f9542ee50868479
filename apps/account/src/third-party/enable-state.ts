import type { ThirdPartyStatus } from '@nimbus/api-sdk/contract';
import { thirdPartyNextEnableAt } from '@nimbus/domain';

export interface EnableState {
  /** The switch may be turned on now. */
  canEnable: boolean;
  /** When it may be turned on again (the once-in-7-days rule), or null when it may be now. */
  availableAt: number | null;
}

/**
 * Whether the third-party client may be enabled now, and from when otherwise. The server's
 * nextEnableAt is the authority (it remembers the last enable after a disable); while the client
 * is on, the domain rule gives the date from enabledAt if the server left it out.
 */
export function enableState(
  status: Pick<ThirdPartyStatus, 'enabled' | 'enabledAt' | 'nextEnableAt'>,
  now: number,
): EnableState {
  const next =
    status.nextEnableAt ?? (status.enabled ? thirdPartyNextEnableAt(status.enabledAt) : null);
  const waiting = next !== null && now < next;
  return { canEnable: !status.enabled && !waiting, availableAt: waiting ? next : null };
}
