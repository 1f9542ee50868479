import type { SettingKey } from './setting-definitions.ts';

/**
 * A setting's value in the text form its `set` takes (the text of its environment variable), so
 * an operator edits what is in force: `none` for null, booleans and numbers as written, instants
 * as ISO date-times, mirrors as `name=url,...`, lists as JSON.
 */
export function settingText(key: SettingKey, value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (key === 'groupBuy.startsAt' || key === 'groupBuy.endsAt')
    return typeof value === 'number' ? new Date(value).toISOString() : String(value);
  if (key === 'links.githubMirrors' && Array.isArray(value))
    return (value as { name: string; url: string }[]).map((m) => `${m.name}=${m.url}`).join(',');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 2);
}
