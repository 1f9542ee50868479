/** The benefits noun: what other folders may use of it (docs/architecture.md, noun folders). */
export { adminBenefitList, adminBenefitRemove, adminBenefitSave } from './console-routes.ts';
export { benefitOffers, userBenefits } from './member-routes.ts';
export { USAGE, benefitsCommand } from './ops.ts';
