/** The plans noun: what other folders may use of it (docs/architecture.md, noun folders). */
export type { CatalogServices } from './catalog-services.ts';
export { PlanCatalogue, productName } from './catalogue.ts';
export { adminPlanCreate, adminPlanList, adminPlanUpdate } from './console-routes.ts';
export { planQuota } from './manage-plans.ts';
export { shop } from './member-routes.ts';
export { USAGE, plansCommand } from './ops.ts';
export { activePlanCurrencies, findPlanQuota, knownPlanIds } from './store.ts';
export type { PlanRow } from './store.ts';
