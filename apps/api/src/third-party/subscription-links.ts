import type { Subscription } from '@nimbus/api-sdk/contract';

/** The profile name clients show for an imported link. */
export const PROFILE_NAME = 'Nimbus';

/** The path of a subscription download, outside /v4 (clients fetch it with a plain GET). */
export const SUBSCRIPTION_PATH = '/sub';

/**
 * A member's subscription URLs, built on the public origin (PUBLIC_URL), and the deep links
 * that open each client's import dialog with them. The plain URL picks its format by user
 * agent; the clash and singbox URLs name theirs.
 */
export function subscriptionLinks(publicUrl: string, token: string): Subscription {
  const base64 = `${publicUrl}${SUBSCRIPTION_PATH}/${token}`;
  const clash = `${base64}?format=clash`;
  const singbox = `${base64}?format=singbox`;
  return {
    clash,
    singbox,
    base64,
    importLinks: {
      clash: `clash://install-config?url=${encodeURIComponent(clash)}&name=${PROFILE_NAME}`,
      singbox: `sing-box://import-remote-profile?url=${encodeURIComponent(singbox)}#${PROFILE_NAME}`,
      shadowrocket: `shadowrocket://add/sub://${Buffer.from(base64, 'utf8').toString('base64')}?remark=${PROFILE_NAME}`,
    },
  };
}
