import type { FeatureSwitches } from '@nimbus/domain';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit, type Actor } from '../audit/index.ts';
import type { Config } from '../config/env.ts';
import { schemaProblem } from '../config/settings.ts';
import type { Db } from '../db/database.ts';
import {
  defaultSettings,
  isSettingKey,
  SETTING_DEFINITIONS,
  SETTING_KEYS,
  type SettingKey,
  type SettingValue,
  type SettingValues,
} from './setting-definitions.ts';
import {
  readStoredSettings,
  settingsVersion,
  storedSetting,
  writeStoredSetting,
} from './settings-store.ts';
import { siteSettingsOf, type SiteSettings } from './site-settings.ts';

/** A value that is not valid for its key (or an unknown key); nothing was changed. */
export class SettingInputError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'SettingInputError';
  }
}

/** One setting as an operator sees it. */
export interface SettingEntry {
  key: SettingKey;
  description: string;
  /** The environment variable of its default. */
  env: string;
  /** The value in force. */
  value: unknown;
  /** The environment's (or built-in) value, used while none is set. */
  defaultValue: unknown;
  /** Whether a value is set (in the database) rather than the default. */
  isSet: boolean;
  /** The last change (set or unset), if any. */
  updatedAt: number | null;
  updatedBy: string | null;
}

export interface SettingChange {
  actor: Actor | `admin:${string}`;
  now: number;
}

export interface SettingsOptions {
  /** How long a process trusts what it read before it compares the version again (ms). */
  cacheMs: number;
  /** A monotonic clock in ms for the cache (performance.now by default). */
  clock?: () => number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

interface Snapshot {
  version: number;
  values: Readonly<SettingValues>;
  site: SiteSettings;
  checkedAt: number;
}

/**
 * The run-time settings service: the value in force of every setting (src/settings/README.md),
 * typed per key, validated, audited on change, with the environment's values as defaults. Each
 * process keeps what it read for `cacheMs`, then compares the table's version (one indexed sum)
 * and reloads when it moved, so a change made anywhere (`pnpm ops settings`, another process,
 * the operator console) is seen everywhere within seconds, with no restart.
 *
 * Inside a transaction, pass it (`site(trx)`): on SQLite the transaction holds the one
 * connection a read through the pool would wait for.
 */
export class Settings {
  readonly #db: Db;
  readonly #defaults: Readonly<SettingValues>;
  readonly #cacheMs: number;
  readonly #clock: () => number;
  readonly #log: Pick<FastifyBaseLogger, 'warn'> | undefined;
  #snapshot: Snapshot | undefined;
  #loading: Promise<Snapshot> | undefined;
  /** Bumped by every change made here, so a read that started before it is not cached. */
  #generation = 0;

  constructor(db: Db, config: Config, options: SettingsOptions) {
    this.#db = db;
    this.#defaults = Object.freeze(defaultSettings(config));
    this.#cacheMs = options.cacheMs;
    this.#clock = options.clock ?? (() => performance.now());
    this.#log = options.log;
  }

  /**
   * Every setting's value in force (at most `cacheMs` old), read-only. `executor`: the
   * transaction the caller is in, if any (a stale cache is then refreshed through it).
   */
  async values(executor?: Db): Promise<Readonly<SettingValues>> {
    return (await this.#current(executor)).values;
  }

  async get<K extends SettingKey>(key: K, executor?: Db): Promise<SettingValue<K>> {
    return (await this.values(executor))[key];
  }

  /** The site configuration in force (what the apps are shown). */
  async site(executor?: Db): Promise<SiteSettings> {
    return (await this.#current(executor)).site;
  }

  async features(executor?: Db): Promise<FeatureSwitches> {
    return (await this.site(executor)).features;
  }

  /** Every setting with its value, default and last change, read now (no cache). */
  async list(): Promise<SettingEntry[]> {
    const stored = new Map((await readStoredSettings(this.#db)).map((s) => [s.key, s]));
    return SETTING_KEYS.map((key) => {
      const definition = SETTING_DEFINITIONS[key];
      const row = stored.get(key);
      const value = row?.value == null ? undefined : this.#decode(key, row.value);
      return {
        key,
        description: definition.description,
        env: definition.env,
        value: value === undefined ? this.#defaults[key] : value.value,
        defaultValue: this.#defaults[key],
        isSet: value !== undefined,
        updatedAt: row?.updatedAt ?? null,
        updatedBy: row?.updatedBy ?? null,
      };
    });
  }

  async entry(key: string): Promise<SettingEntry> {
    const known = this.#key(key);
    const found = (await this.list()).find((e) => e.key === known);
    if (!found) throw new SettingInputError([`unknown setting ${key}`]);
    return found;
  }

  /**
   * A value from its text form: what the key's environment variable takes, or `none` for null
   * where the key allows it.
   */
  parse(key: string, text: string): unknown {
    const known = this.#key(key);
    const definition = SETTING_DEFINITIONS[known];
    const trimmed = text.trim();
    if (trimmed === 'none' && definition.nullable) return null;
    const problems: string[] = [];
    const value = definition.parse(trimmed, known, problems);
    if (value === undefined || problems.length > 0)
      throw new SettingInputError(problems.length > 0 ? problems : [`${known}: invalid value`]);
    return value;
  }

  /** Sets a key to a value (checked against its schema), audited; answers the new entry. */
  async set(key: string, value: unknown, change: SettingChange): Promise<SettingEntry> {
    const known = this.#key(key);
    const problem = this.#problem(known, value);
    if (problem !== undefined) throw new SettingInputError([`${known}: ${problem}`]);
    await this.#write(known, JSON.stringify(value), change);
    return this.entry(known);
  }

  /** Removes a key's value: its environment default applies again. Audited. */
  async unset(key: string, change: SettingChange): Promise<SettingEntry> {
    const known = this.#key(key);
    await this.#write(known, null, change);
    return this.entry(known);
  }

  #key(key: string): SettingKey {
    if (!isSettingKey(key))
      throw new SettingInputError([
        `unknown setting ${key} (pnpm ops settings list shows them all)`,
      ]);
    return key;
  }

  #problem(key: SettingKey, value: unknown): string | undefined {
    const definition = SETTING_DEFINITIONS[key];
    const problem = schemaProblem(definition.schema, value);
    if (problem !== undefined) return problem;
    if (key === 'notices') {
      const ids = (value as { id: string }[]).map((n) => n.id);
      if (new Set(ids).size !== ids.length) return 'notice ids must be unique';
    }
    return undefined;
  }

  #decode(key: SettingKey, json: string): { value: unknown } | undefined {
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      value = undefined;
    }
    if (value === undefined || this.#problem(key, value) !== undefined) {
      // A value written by an older version or by hand: the default applies, said once per load.
      this.#log?.warn({ setting: key }, 'stored setting is not valid; its default applies');
      return undefined;
    }
    return { value };
  }

  async #write(key: SettingKey, json: string | null, change: SettingChange): Promise<void> {
    this.#generation += 1;
    await this.#db.transaction().execute(async (trx) => {
      const before = await storedSetting(trx, key);
      await writeStoredSetting(trx, key, json, change.actor, change.now);
      await writeAudit(trx, {
        actor: change.actor as Actor,
        action: json === null ? 'setting.unset' : 'setting.set',
        subjectType: 'setting',
        subjectId: key,
        data: {
          before: before?.value == null ? null : (JSON.parse(before.value) as unknown),
          after: json === null ? null : (JSON.parse(json) as unknown),
        },
        at: change.now,
      });
    });
    this.#snapshot = undefined;
  }

  async #current(executor: Db | undefined): Promise<Snapshot> {
    const snapshot = this.#snapshot;
    if (snapshot && this.#clock() - snapshot.checkedAt < this.#cacheMs) return snapshot;
    // Inside a transaction: its own read (a shared one may be waiting for this connection).
    if (executor !== undefined) return this.#load(executor);
    this.#loading ??= this.#load(this.#db).finally(() => {
      this.#loading = undefined;
    });
    return this.#loading;
  }

  async #load(db: Db): Promise<Snapshot> {
    const generation = this.#generation;
    const version = await settingsVersion(db);
    const previous = this.#snapshot;
    let next: Snapshot;
    if (previous && previous.version === version) {
      next = { ...previous, checkedAt: this.#clock() };
    } else {
      const values = { ...this.#defaults } as Record<SettingKey, unknown>;
      for (const row of await readStoredSettings(db)) {
        if (!isSettingKey(row.key) || row.value === null) continue;
        const decoded = this.#decode(row.key, row.value);
        if (decoded) values[row.key] = decoded.value;
      }
      const frozen = Object.freeze(values as SettingValues);
      next = { version, values: frozen, site: siteSettingsOf(frozen), checkedAt: this.#clock() };
    }
    if (generation === this.#generation) this.#snapshot = next;
    return next;
  }
}
