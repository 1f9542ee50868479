import { nodeStatuses } from '../nodes/index.ts';
import type { Db } from '../db/database.ts';
import { Gauge, Registry } from 'prom-client';
import { activeMemberCount } from '../membership/index.ts';
import { liveSessionCount, mailBacklog, orderCounts } from './store.ts';

/**
 * The figures that must be global (the same whichever server Prometheus asks), read from the
 * database at scrape time: orders by provider and status, the mail queue's backlog, live
 * sessions, members with a plan, nodes online and their members. Dashboards take max() over instances, not sum().
 */
export function databaseMetrics(db: Db, clock: () => number): Registry {
  const registry = new Registry();
  new Gauge({
    name: 'nimbus_orders',
    help: 'Orders in the database by provider and status (paid, failed, expired, refunded, pending...)',
    labelNames: ['provider', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await orderCounts(db))
        this.set({ provider: row.provider, status: row.status }, Number(row.count));
    },
  });
  new Gauge({
    name: 'nimbus_mail_queue',
    help: 'Mails waiting (due), being sent (sending) or given up (failed)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await mailBacklog(db);
      for (const status of ['due', 'sending', 'failed'])
        this.set({ status }, rows.find((r) => r.status === status)?.count ?? 0);
    },
  });
  new Gauge({
    name: 'nimbus_mail_queue_oldest_due_seconds',
    help: 'Age of the oldest mail still due (0 when none is)',
    registers: [registry],
    async collect() {
      const oldest = (await mailBacklog(db)).find((r) => r.status === 'due')?.oldest;
      this.set(oldest == null ? 0 : Math.max(0, (clock() - oldest) / 1000));
    },
  });
  new Gauge({
    name: 'nimbus_sessions_live',
    help: 'Member sessions neither expired nor revoked',
    registers: [registry],
    async collect() {
      this.set(await liveSessionCount(db, clock()));
    },
  });
  new Gauge({
    name: 'nimbus_members_active',
    help: 'Members whose standard or lite plan runs now (accounts not deleted)',
    registers: [registry],
    async collect() {
      this.set(await activeMemberCount(db, clock()));
    },
  });
  new Gauge({
    name: 'nimbus_nodes',
    help: 'VPN nodes by state: online (pushed within three intervals), offline, disabled',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const statuses = await nodeStatuses(db, clock());
      const states = statuses.map((n) =>
        !n.enabled ? 'disabled' : n.online ? 'online' : 'offline',
      );
      for (const state of ['online', 'offline', 'disabled'])
        this.set({ state }, states.filter((s) => s === state).length);
    },
  });
  new Gauge({
    name: 'nimbus_node_members_online',
    help: 'Members online on the nodes at their last reports',
    registers: [registry],
    async collect() {
      const statuses = await nodeStatuses(db, clock());
      this.set(statuses.reduce((sum, n) => sum + n.onlineUsers, 0));
    },
  });
  return registry;
}
