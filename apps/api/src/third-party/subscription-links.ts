import type { Subscription } from '@nimbus/api-sdk/contract';

/** The profile name clients show for an imported link. */
export const PROFILE_NAME = 'Nimbus';

/** The path of a subscription download, outside /v4 (clients fetch it with a plain GET). */
export const SUBSCRIPTION_PATH = '/sub';

/**
 * A member's subscription URLs, built on the public origin (PUBLIC_URL), and the deep links
 * that open each client's import dialog with them. The plain URL picks its format by user
 * agent; the others name theirs.
 */
export function subscriptionLinks(publicUrl: string, token: string): Subscription {
  const base64 = `${publicUrl}${SUBSCRIPTION_PATH}/${token}`;
  const clash = `${base64}?format=clash`;
  const singbox = `${base64}?format=singbox`;
  const surge = `${base64}?format=surge`;
  const quantumultx = `${base64}?format=quantumultx`;
  const loon = `${base64}?format=loon`;
  // Quantumult X adds a resource described as JSON: its server list, named by `tag`.
  const quantumultXResource = JSON.stringify({
    server_remote: [`${quantumultx}, tag=${PROFILE_NAME}`],
  });
  return {
    clash,
    singbox,
    base64,
    surge,
    quantumultx,
    loon,
    importLinks: {
      clash: `clash://install-config?url=${encodeURIComponent(clash)}&name=${PROFILE_NAME}`,
      singbox: `sing-box://import-remote-profile?url=${encodeURIComponent(singbox)}#${PROFILE_NAME}`,
      shadowrocket: `shadowrocket://add/sub://${Buffer.from(base64, 'utf8').toString('base64')}?remark=${PROFILE_NAME}`,
      surge: `surge:///install-config?url=${encodeURIComponent(surge)}`,
      quantumultx: `quantumult-x:///add-resource?remote-resource=${encodeURIComponent(quantumultXResource)}`,
      loon: `loon://import?nodelist=${encodeURIComponent(loon)}`,
    },
  };
}
