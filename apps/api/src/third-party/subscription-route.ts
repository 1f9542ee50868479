import {
  hasActiveMembership,
  msToWholeSeconds,
  nodeCredentials,
  nodePermission,
  THIRD_PARTY_SPEED_LIMIT_MBPS,
  thirdPartySpeedLimitMbps,
  trafficCycleStartDay,
  trafficThisCycle,
} from '@nimbus/domain';
import { languageFromHeader, translate, type TranslationKey } from '@nimbus/i18n/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findUserById, membershipOf } from '../accounts/index.ts';
import { checkTrafficQuotas, quotaStatusOf } from '../membership/index.ts';
import {
  dailyTrafficOf,
  nodesForPermission,
  placeholderProxy,
  registerNodeFeed,
  type ResolvedProxy,
  resolveProxy,
  seedExampleNodes,
  uniqueNames,
} from '../nodes/index.ts';
import type { PlatformServices } from '../platform/platform-services.ts';
import { SUBSCRIPTION_FORMATS, subscriptionFormat } from './client-format.ts';
import type { SubscriptionProfile } from './formats/profile.ts';
import { WRITERS } from './formats/writers.ts';
import { PROFILE_NAME, SUBSCRIPTION_PATH } from './subscription-links.ts';
import { findTokenOwner } from './subscription-tokens.ts';
import { readSwitch, stateOf } from './store.ts';

/**
 * How often clients should fetch the configuration again (the profile-update-interval header,
 * hours).
 */
const UPDATE_INTERVAL_HOURS = 12;

type Refusal = 'reset' | 'suspended' | 'disabled' | 'expired' | 'no_nodes' | 'client_unsupported';
const REASON_KEYS: Record<Refusal, TranslationKey> = {
  reset: 'third-party:sub_reason_reset',
  suspended: 'third-party:sub_reason_suspended',
  disabled: 'third-party:sub_reason_disabled',
  expired: 'third-party:sub_reason_expired',
  no_nodes: 'third-party:sub_reason_no_nodes',
  client_unsupported: 'third-party:sub_reason_client_unsupported',
};

const UNKNOWN_FORMAT = `Unknown format: use format=${SUBSCRIPTION_FORMATS.join(', ')}.\n`;

const plainText = (reply: FastifyReply, status: number, text: string) =>
  reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(text);

/**
 * GET /sub/<token>: the member's client configuration, outside /v4 and without the envelope
 * (clients read the body as the configuration). Format by `?format=` or user agent. A member
 * who cannot use it now (link reset, client switched off, membership expired, no servers for
 * the plan) gets a configuration whose one proxy is named with the reason, in their language.
 * Unknown or malformed tokens and deleted accounts: 404.
 */
async function serveSubscription(
  services: PlatformServices,
  request: FastifyRequest<{ Params: { token: string } }>,
  reply: FastifyReply,
  now: number,
) {
  const flag = (request.query as Record<string, unknown>).format;
  // A repeated flag (?format=a&format=b) arrives as an array: refused like an unknown one.
  const format = subscriptionFormat(
    flag === undefined ? undefined : typeof flag === 'string' ? flag : '',
    request.headers['user-agent'],
  );
  if (!format) return plainText(reply, 400, UNKNOWN_FORMAT);
  const writer = WRITERS[format];
  const owner = await findTokenOwner(services.db, request.params.token);
  const user = owner ? await findUserById(services.db, owner.userId) : undefined;
  if (!owner || !user) return plainText(reply, 404, 'Not found\n');

  const language = languageFromHeader(user.language);
  const membership = membershipOf(user);
  const state = stateOf(await readSwitch(services.db, owner.userId));
  let refusal: Refusal | undefined;
  if (owner.revoked || owner.nodeUuid === null) refusal = 'reset';
  // Suspended: off the node feed already; the configuration says so, with the operator's reason.
  else if (user.suspended_at !== null) refusal = 'suspended';
  else if (!state.enabled) refusal = 'disabled';
  else if (!hasActiveMembership(membership, now)) refusal = 'expired';

  let proxies: ResolvedProxy[] = [];
  const permission = nodePermission(membership, now);
  if (refusal === undefined && permission !== null && owner.nodeUuid !== null) {
    const nodes = await nodesForPermission(services.db, permission);
    const credentials = nodeCredentials(owner.nodeUuid);
    const names = uniqueNames(nodes);
    proxies = nodes.map((node, i) =>
      resolveProxy(node, names[i] ?? node.name, credentials, thirdPartySpeedLimitMbps(state)),
    );
    if (proxies.length === 0) refusal = 'no_nodes';
    // Servers this client cannot read are left out; with none left, the placeholder says so.
    else {
      proxies = proxies.filter(writer.reads);
      if (proxies.length === 0) refusal = 'client_unsupported';
    }
  }
  if (refusal !== undefined)
    proxies = [
      placeholderProxy(
        refusal === 'suspended'
          ? translate(language, 'third-party:sub_reason_suspended', {
              reason: (user.suspension_reason ?? '').replace(/\s+/g, ' ').trim().slice(0, 80),
            })
          : translate(language, REASON_KEYS[refusal]),
      ),
    ];

  const title = translate(language, 'third-party:sub_profile_title', {
    mbps: THIRD_PARTY_SPEED_LIMIT_MBPS,
  });
  const profile: SubscriptionProfile = {
    title,
    autoGroupName: translate(language, 'third-party:sub_group_auto'),
    proxies,
    placeholder: refusal !== undefined,
    managedUrl: `${services.config.publicUrl}${SUBSCRIPTION_PATH}/${request.params.token}?format=${format}`,
    updateIntervalS: UPDATE_INTERVAL_HOURS * 3600,
  };
  const expiresAt = Math.max(membership.standardExpiresAt ?? 0, membership.liteExpiresAt ?? 0);
  // This cycle's traffic as the nodes reported it and the allowance (quota and top-ups); without
  // a quota the calendar month's traffic and total 0 (no quota).
  const quota = await quotaStatusOf(services.db, owner.userId, now);
  const used =
    quota ??
    trafficThisCycle(
      await dailyTrafficOf(services.db, owner.userId, trafficCycleStartDay(now)),
      now,
    );
  const usage = `upload=${used.upload}; download=${used.download}; total=${quota?.allowanceBytes ?? 0}${expiresAt > 0 ? `; expire=${msToWholeSeconds(expiresAt)}` : ''}`;
  return reply
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('subscription-userinfo', usage)
    .header('profile-update-interval', String(UPDATE_INTERVAL_HOURS))
    .header('profile-title', `base64:${Buffer.from(title, 'utf8').toString('base64')}`)
    .header('profile-web-page-url', `${services.config.publicUrl}/user`)
    .header(
      'content-disposition',
      `attachment; filename="${PROFILE_NAME}.${writer.extension}"; filename*=UTF-8''${encodeURIComponent(`${title}.${writer.extension}`)}`,
    )
    .type(writer.type)
    .send(writer.write(profile));
}

/**
 * The third-party client's non-contract parts: the subscription download route, and outside
 * production the example nodes (so a fresh development server has something to serve).
 */
export async function registerThirdParty(
  app: FastifyInstance,
  services: PlatformServices,
  clock: () => number,
): Promise<void> {
  if (services.config.mode !== 'production') await seedExampleNodes(services.db, clock());
  app.get<{ Params: { token: string } }>(`${SUBSCRIPTION_PATH}/:token`, async (request, reply) =>
    serveSubscription(services, request, reply, clock()),
  );
  // The node feed VPN servers pull members from and push traffic to (src/nodes/README.md).
  // Members a push takes over their traffic quota leave the feed at its next pull.
  registerNodeFeed(app, services, clock, {
    inTraffic: (trx, entries, now) =>
      checkTrafficQuotas(trx, entries, now, services.config.publicUrl),
  });
}
