/**
 * The audit noun (docs/architecture.md, noun folders): the append-only log of who changed what,
 * written in the transaction of each change (`writeAudit`) and read by the console's audit log
 * and user detail. What other folders may use of it.
 */
export { auditPage, consoleActor, latestAuditOf, userActor, writeAudit } from './store.ts';
export type { Actor } from './store.ts';
