import { MS_PER_MINUTE } from '@nimbus/domain';
import { listFeedNodes, type FeedNode } from '../nodes/index.ts';
import { queueWebhookEvent } from '../webhooks/index.ts';
import { raiseAlert, resolveAlert, type AlertServices } from './raise.ts';
import { closeAlert, openAlertKeys } from './store.ts';
import { alertTime } from './texts.ts';

const nodeKey = (id: number) => `node_offline:${id}`;

/** When a node last reported anything (a user-list pull, a traffic push or an alive report). */
const lastSeen = (n: FeedNode) =>
  Math.max(n.lastPullAt ?? -Infinity, n.lastPushAt ?? -Infinity, n.lastAliveAt ?? -Infinity);

/**
 * The node check of the scheduled jobs: an enabled node that reported before but has been silent
 * for `alerts.nodeOfflineMinutes` is alerted once; when it reports again the operators are told
 * it is back. A node that never reported (not set up yet) and a disabled node are not watched;
 * a node disabled while alerted is closed without a message. An alert opened here also sends the
 * `node.offline` webhook event (src/webhooks) to the endpoints that chose it. Returns how many
 * alerts opened or closed.
 */
export async function watchNodes(services: AlertServices, now: number): Promise<number> {
  const minutes = await services.settings.get('alerts.nodeOfflineMinutes');
  if (minutes === 0) return 0;
  const open = new Set(await openAlertKeys(services.db, 'node_offline'));
  let queued = 0;
  for (const node of await listFeedNodes(services.db)) {
    const key = nodeKey(node.id);
    const seen = lastSeen(node);
    const names = { name: node.node.name, key: node.node.key };
    if (node.enabled && Number.isFinite(seen) && seen < now - minutes * MS_PER_MINUTE) {
      if (open.has(key)) continue;
      // The alert, its webhook event and its message commit together (or not at all).
      const raised = await services.db.transaction().execute((trx) =>
        raiseAlert(services, trx, {
          key,
          kind: 'node_offline',
          now,
          text: (t) => t.nodeOffline({ ...names, minutes, lastSeen: alertTime(seen) }),
          onOpen: (inner) =>
            queueWebhookEvent(inner, {
              type: 'node.offline',
              data: {
                nodeKey: node.node.key,
                name: node.node.name,
                lastSeenAt: seen,
                offlineMinutes: minutes,
              },
              now,
            }),
        }),
      );
      if (raised) queued += 1;
    } else if (open.has(key) && !node.enabled) {
      // Switched off by an operator: nothing to tell them.
      await closeAlert(services.db, key, now);
    } else if (open.has(key)) {
      const resolved = await resolveAlert(services, services.db, {
        key,
        kind: 'node_offline',
        now,
        text: (t) => t.nodeBack(names),
      });
      if (resolved) queued += 1;
    }
  }
  return queued;
}
