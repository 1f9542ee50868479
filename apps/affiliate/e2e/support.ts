// The helpers these specs use are generic and live in @nimbus/e2e-kit; re-exported so the specs
// keep one import.
export { buyPlan, ops, overflowingElements, shownDate } from '@nimbus/e2e-kit';
