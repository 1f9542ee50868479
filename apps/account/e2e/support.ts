import { apiCall, ops, type RunningServer } from '@nimbus/e2e-kit';

// The generic helpers live in @nimbus/e2e-kit; re-exported so the specs keep one import.
export { buyPlan, ops, overflowingElements, shownDate } from '@nimbus/e2e-kit';

/** A redeem code made by operations: `pnpm ops redeem create --type=standard --days=N`. */
export async function createRedeemCode(server: RunningServer, days: number): Promise<string> {
  const { codes } = await ops<{ codes: string[] }>(server, ['redeem', 'create'], {
    type: 'standard',
    days,
  });
  const code = codes[0];
  if (!code) throw new Error('redeem create printed no code');
  return code;
}

/** Gives a user membership through the real redeem call (the third-party client needs it). */
export async function grantMembership(
  server: RunningServer,
  token: string,
  days = 30,
): Promise<void> {
  await apiCall(
    server.url,
    '/api/system/system_redeem_code',
    { code: await createRedeemCode(server, days) },
    { token },
  );
}

/** Binds a device the way the native apps do when they sign in on it. */
export async function bindDevice(
  server: RunningServer,
  token: string,
  device: {
    deviceId: string;
    name: string;
    platform?: number;
    kind?: number;
    system?: string;
    version?: string;
  },
) {
  await apiCall(
    server.url,
    '/api/user/user_bind_device',
    { platform: 0, kind: 0, system: 'iOS 18.2', version: '3.4.0', ...device },
    { token },
  );
}

export const DAY_MS = 86_400_000;
