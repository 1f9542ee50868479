/**
 * The settings noun, upper entry: the console's settings and notices calls and `pnpm ops settings`
 * (docs/architecture.md, noun folders). They import http/ and cli/, which sit above the settings
 * every process reads (`settings/index.ts`), so this file is its own module (settings/console) in SERVER_MODULES.
 */
export {
  adminNoticeList,
  adminNoticeRemove,
  adminNoticeSave,
  adminSettingList,
  adminSettingSet,
  adminSettingUnset,
} from './routes.ts';
export { USAGE as SETTINGS_USAGE, settingsCommand } from './ops.ts';
