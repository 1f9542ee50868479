import { readFileSync } from 'node:fs';
import { SettingInputError, type SettingEntry } from '../settings.ts';
import { OpsUsageError, type OpsCommand } from '../../cli/ops-context.ts';
import { subcommands } from '../../cli/subcommands.ts';
import { date, fields, table } from '../../cli/output.ts';

export const USAGE = `pnpm ops settings list
       pnpm ops settings get <key>
       pnpm ops settings set <key> <value>      (the text its environment variable takes; none for null)
       pnpm ops settings set <key> --file=<path> (the value's text from a file, e.g. notices JSON)
       pnpm ops settings unset <key>            (back to the environment's value)`;

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const short = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

const asJson = (e: SettingEntry) => ({
  key: e.key,
  value: e.value,
  default: e.defaultValue,
  isSet: e.isSet,
  env: e.env,
  description: e.description,
  updatedAt: e.updatedAt,
  updatedBy: e.updatedBy,
});

function describe(e: SettingEntry): string {
  return fields([
    ['key', e.key],
    ['value', show(e.value)],
    ['source', e.isSet ? 'setting' : `default (${e.env})`],
    ['default', show(e.defaultValue)],
    ['changed', e.updatedAt === null ? null : `${date(e.updatedAt)} by ${e.updatedBy ?? '-'}`],
    ['what', e.description],
  ]);
}

/**
 * settings: the run-time settings (feature switches, notices, downloads, links, the group-buy
 * window, the highlighted plan...) through the settings service, so values are validated per key
 * and every change is audited. Running servers see a change within seconds, without a restart.
 */
export const settingsCommand: OpsCommand = async (args, ctx) => {
  try {
    return await settingSubcommands(args, ctx);
  } catch (error) {
    if (error instanceof SettingInputError)
      throw new OpsUsageError(`${error.problems.join('\n')}\nusage: ${USAGE}`);
    throw error;
  }
};

const settingSubcommands = subcommands(
  USAGE,
  { file: { type: 'string' } },
  {
    list: async ({ values, positionals }, { services: { settings } }) => {
      if (positionals.length > 0 || values.file !== undefined) throw new OpsUsageError(USAGE);
      const entries = await settings.list();
      return {
        text: table(
          ['key', 'value', 'source'],
          entries.map((e) => [
            e.key,
            short(show(e.value)),
            e.isSet ? 'setting' : `default (${e.env})`,
          ]),
        ),
        json: entries.map(asJson),
      };
    },
    get: async ({ values, positionals }, { services: { settings } }) => {
      if (positionals.length !== 1 || values.file !== undefined) throw new OpsUsageError(USAGE);
      const entry = await settings.entry(positionals[0] ?? '');
      return { text: describe(entry), json: asJson(entry) };
    },
    set: async ({ values, positionals }, { services: { settings }, actor, now }) => {
      const [key, text, ...more] = positionals;
      const fromFile = values.file;
      if (key === undefined || more.length > 0 || (text === undefined) === (fromFile === undefined))
        throw new OpsUsageError(USAGE);
      let source = text ?? '';
      if (fromFile !== undefined) {
        try {
          source = readFileSync(fromFile, 'utf8');
        } catch (error) {
          throw new OpsUsageError(
            `cannot read ${fromFile}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      const entry = await settings.set(key, settings.parse(key, source), { actor, now });
      return { text: describe(entry), json: asJson(entry) };
    },
    unset: async ({ values, positionals }, { services: { settings }, actor, now }) => {
      if (positionals.length !== 1 || values.file !== undefined) throw new OpsUsageError(USAGE);
      const entry = await settings.unset(positionals[0] ?? '', { actor, now });
      return { text: describe(entry), json: asJson(entry) };
    },
  },
  USAGE,
);
