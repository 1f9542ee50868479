import { validationRefusal } from '../errors/refusal.ts';
import type { NoticeSetting } from '../config/site-config.ts';
import { SettingInputError, type SettingChange, type Settings } from './settings.ts';

/**
 * Site notices one at a time (the console's support staff): the `notices` setting read, one
 * notice added or replaced by its id, or removed, and written back through the settings service
 * (validated by its schema, audited as `setting.set`). A bad notice is VALIDATION_FAILED.
 */

export async function currentNotices(settings: Settings): Promise<NoticeSetting[]> {
  const entry = await settings.entry('notices');
  return entry.value as NoticeSetting[];
}

async function write(
  settings: Settings,
  notices: NoticeSetting[],
  change: SettingChange,
): Promise<NoticeSetting[]> {
  try {
    return (await settings.set('notices', notices, change)).value as NoticeSetting[];
  } catch (error) {
    if (error instanceof SettingInputError)
      throw validationRefusal('setting_invalid', { problem: error.problems.join('; ') });
    throw error;
  }
}

/** Adds a notice, or replaces the one with its id (kept in its place). */
export async function saveNotice(
  settings: Settings,
  notice: NoticeSetting,
  change: SettingChange,
): Promise<NoticeSetting[]> {
  const notices = await currentNotices(settings);
  const at = notices.findIndex((n) => n.id === notice.id);
  const next = at === -1 ? [...notices, notice] : notices.map((n, i) => (i === at ? notice : n));
  return write(settings, next, change);
}

/** Removes a notice by id; the list unchanged (and nothing written) when there is none. */
export async function removeNotice(
  settings: Settings,
  id: string,
  change: SettingChange,
): Promise<NoticeSetting[]> {
  const notices = await currentNotices(settings);
  if (!notices.some((n) => n.id === id)) return notices;
  return write(
    settings,
    notices.filter((n) => n.id !== id),
    change,
  );
}
