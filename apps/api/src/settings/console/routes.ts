import type { AdminSetting } from '@nimbus/api-sdk/contract';
import { validationRefusal } from '../../errors/refusal.ts';
import { currentNotices, removeNotice, saveNotice } from '../manage-notices.ts';
import { SETTING_DEFINITIONS } from '../setting-definitions.ts';
import { settingText } from '../setting-text.ts';
import { SettingInputError, type SettingEntry } from '../settings.ts';
import {
  operatorOf,
  type AdminCallContext,
  type AdminHandler,
} from '../../http/console-handler.ts';

const change = (ctx: AdminCallContext) => ({ actor: operatorOf(ctx).actor, now: ctx.now });

function adminSetting(entry: SettingEntry): AdminSetting {
  return {
    key: entry.key,
    env: entry.env,
    boolean: (SETTING_DEFINITIONS[entry.key].schema as { type?: unknown }).type === 'boolean',
    text: settingText(entry.key, entry.value),
    defaultText: settingText(entry.key, entry.defaultValue),
    isSet: entry.isSet,
    updatedAt: entry.updatedAt,
    updatedBy: entry.updatedBy,
  };
}

/** The settings service's refusal of a value, as the console's localised validation error. */
async function refusingInput<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SettingInputError)
      throw validationRefusal('setting_invalid', { problem: error.problems.join('; ') });
    throw error;
  }
}

// POST /api/admin/setting_list
export const adminSettingList: AdminHandler<'adminSettingList'> = async (_input, ctx) => ({
  items: (await ctx.services.settings.list()).map(adminSetting),
});

// POST /api/admin/setting_set
export const adminSettingSet: AdminHandler<'adminSettingSet'> = async (input, ctx) =>
  refusingInput(async () => {
    const { settings } = ctx.services;
    const entry = await settings.set(input.key, settings.parse(input.key, input.text), change(ctx));
    return { setting: adminSetting(entry) };
  });

// POST /api/admin/setting_unset
export const adminSettingUnset: AdminHandler<'adminSettingUnset'> = async (input, ctx) =>
  refusingInput(async () => ({
    setting: adminSetting(await ctx.services.settings.unset(input.key, change(ctx))),
  }));

// POST /api/admin/notice_list
export const adminNoticeList: AdminHandler<'adminNoticeList'> = async (_input, ctx) => ({
  notices: await currentNotices(ctx.services.settings),
});

// POST /api/admin/notice_save
export const adminNoticeSave: AdminHandler<'adminNoticeSave'> = async (input, ctx) => ({
  notices: await saveNotice(ctx.services.settings, input.notice, change(ctx)),
});

// POST /api/admin/notice_remove
export const adminNoticeRemove: AdminHandler<'adminNoticeRemove'> = async (input, ctx) => ({
  notices: await removeNotice(ctx.services.settings, input.id, change(ctx)),
});
