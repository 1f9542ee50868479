/**
 * The settings noun, lower entry: the run-time settings every process reads (docs/architecture.md,
 * noun folders). Its console calls and `pnpm ops settings` sit above http/ and cli/ and are entered
 * through `settings/console/index.ts`.
 */
export { requireFeature } from './features.ts';
export { saveNotice } from './manage-notices.ts';
export type { SettingValues } from './setting-definitions.ts';
export { Settings } from './settings.ts';
export type { SiteSettings } from './site-settings.ts';
