import type { PlatformServices } from '../platform/platform-services.ts';
import type { PlanCatalogue } from './catalogue.ts';

/** What the plan catalogue's users need: the platform and the cached plan list. */
export interface CatalogServices extends PlatformServices {
  plans: PlanCatalogue;
}
