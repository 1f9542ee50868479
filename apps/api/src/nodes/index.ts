/** The nodes noun: what other folders may use of it (docs/architecture.md, noun folders). */
export {
  adminNodeCreate,
  adminNodeList,
  adminNodeRotateToken,
  adminNodeSetEnabled,
} from './console-routes.ts';
export { seedExampleNodes } from './example-nodes.ts';
export { eraseAlive } from './alive-store.ts';
export { memberNodes, memberTraffic } from './member-routes.ts';
export type { Transport } from './node-params.ts';
export { isSs2022 } from './node-params.ts';
export { addNode, enableNode, nodeStatuses, rotateNodeToken } from './manage-nodes.ts';
export { listFeedNodes, NodeInputError, nodesForPermission } from './node-store.ts';
export type { FeedNode } from './node-store.ts';
export { nodesCommand, USAGE as NODES_USAGE } from './ops.ts';
export { placeholderProxy, resolveProxy, uniqueNames } from './proxy.ts';
export type { ResolvedProxy, TlsOptions } from './proxy.ts';
export { dailyTrafficOf, eraseTraffic, rollUpTraffic, trafficSince } from './traffic-store.ts';
export { registerNodeFeed } from './uniproxy-routes.ts';
