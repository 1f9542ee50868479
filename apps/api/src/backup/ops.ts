import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeAudit } from '../audit/index.ts';
import type { Config } from '../config/env.ts';
import { openDatabase } from '../db/database.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../files/file-modes.ts';
import { OpsRefusal, OpsUsageError, parseFlags, type SetupCommand } from '../cli/ops-context.ts';
import { backUpKeyFiles, keyFilesPresent, restoreKeyFiles, type KeyFiles } from './key-files.ts';
import { backUpPostgres, postgresTargetInUse, restorePostgres } from './postgres-backup.ts';
import { backUpSqlite, restoreSqlite } from './sqlite-backup.ts';
import { BACKUP_SUBJECT } from './last-backup.ts';

export const BACKUP_USAGE = 'pnpm ops backup --to=<new folder>';
export const RESTORE_USAGE = 'pnpm ops restore --from=<backup folder>';

const FORMAT = 'nimbus-backup/1';
const SQLITE_FILE = 'nimbus.sqlite';
const POSTGRES_FILE = 'nimbus.pgdump';

/** manifest.json of a backup folder: what it holds, for restore and for a person. */
interface Manifest {
  format: typeof FORMAT;
  dialect: 'sqlite' | 'postgres';
  /** The PostgreSQL schema it was taken from (restored under the same name). */
  schema?: string;
  createdAt: string;
  database: string;
  files: KeyFiles;
}

const folderFlag = (args: string[], flag: 'to' | 'from', usage: string): string => {
  const { values, positionals } = parseFlags(args, { [flag]: { type: 'string' } }, usage);
  const value = values[flag];
  if (typeof value !== 'string' || value === '' || positionals.length > 0)
    throw new OpsUsageError(`usage: ${usage}`);
  return path.resolve(value);
};

const dialectOf = (config: Config) => (config.databaseUrl === undefined ? 'sqlite' : 'postgres');

/**
 * backup: the database (SQLite's online backup, or pg_dump's snapshot), consistent while the
 * server runs, with the key files and server secret of DATA_DIR, into a new private folder.
 */
export const backupCommand: SetupCommand = async (args, { config, actor }) => {
  const to = folderFlag(args, 'to', BACKUP_USAGE);
  if (existsSync(to) && readdirSync(to).length > 0)
    throw new OpsRefusal(`${to} is not empty: back up into a new folder (${BACKUP_USAGE})`);
  mkdirSync(to, { recursive: true, mode: PRIVATE_DIR_MODE });
  const dialect = dialectOf(config);
  const started = Date.now();
  const database = dialect === 'sqlite' ? SQLITE_FILE : POSTGRES_FILE;
  if (config.databaseUrl === undefined)
    await backUpSqlite(config.sqlitePath, path.join(to, database));
  else await backUpPostgres(config.databaseUrl, config.databaseSchema, path.join(to, database));
  const files = backUpKeyFiles(config, to);
  const manifest: Manifest = {
    format: FORMAT,
    dialect,
    ...(config.databaseSchema === undefined ? {} : { schema: config.databaseSchema }),
    createdAt: new Date(started).toISOString(),
    database,
    files,
  };
  writeFileSync(path.join(to, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: PRIVATE_FILE_MODE,
  });
  // The audit log says when the last backup was made (and by whom).
  const handle = openDatabase(config);
  try {
    await writeAudit(handle.db, {
      actor,
      action: 'ops.backup',
      subjectType: BACKUP_SUBJECT,
      subjectId: dialect,
      data: { to, keys: files.keys.length, serverSecret: files.serverSecret },
      at: Date.now(),
    });
  } finally {
    await handle.close();
  }
  const fromEnvironment = Object.keys(config.signingKeys).length > 0 || config.serverSecret;
  return {
    text: [
      `backup of the ${dialect} database made in ${to} (${Date.now() - started} ms)`,
      `keys: ${files.keys.length} key files${files.serverSecret ? ' and the server secret' : ''}`,
      ...(fromEnvironment
        ? ['keys or the server secret come from the environment: keep them with this backup']
        : []),
    ].join('\n'),
    json: manifest,
  };
};

/**
 * restore: a backup into an empty DATA_DIR (SQLite) or an empty database (DATABASE_URL, and
 * DATABASE_SCHEMA), with its key files and server secret; refused when anything is there.
 */
export const restoreCommand: SetupCommand = async (args, { config }) => {
  const from = folderFlag(args, 'from', RESTORE_USAGE);
  const manifestPath = path.join(from, 'manifest.json');
  if (!existsSync(manifestPath))
    throw new OpsRefusal(`${from} is not a backup (no manifest.json): ${RESTORE_USAGE}`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  if (manifest.format !== FORMAT)
    throw new OpsRefusal(
      `${from} holds a backup format this release does not read (${String(manifest.format)})`,
    );
  const dialect = dialectOf(config);
  if (manifest.dialect !== dialect)
    throw new OpsRefusal(
      `the backup is of a ${manifest.dialect} database but this server uses ${dialect}: ${manifest.dialect === 'postgres' ? 'set DATABASE_URL' : 'unset DATABASE_URL'} to restore it`,
    );
  if (dialect === 'postgres' && manifest.schema !== config.databaseSchema)
    throw new OpsRefusal(
      `the backup is of the PostgreSQL schema ${manifest.schema ?? '(default)'}: restore it with DATABASE_SCHEMA=${manifest.schema ?? ''} (unset for the default)`,
    );
  const present = keyFilesPresent(config);
  if (dialect === 'sqlite' && existsSync(config.sqlitePath)) present.unshift(config.sqlitePath);
  if (present.length > 0)
    throw new OpsRefusal(
      `DATA_DIR is not empty (${present.join(', ')}): restore into an empty data folder, or move these away first`,
    );
  const source = path.join(from, manifest.database);
  if (config.databaseUrl === undefined) {
    restoreKeyFiles(config, from, manifest.files);
    restoreSqlite(source, config.sqlitePath);
  } else {
    if (await postgresTargetInUse(config.databaseUrl, config.databaseSchema))
      throw new OpsRefusal(
        'the database DATABASE_URL names already holds Nimbus tables: restore into a new, empty database (createdb), or drop them first',
      );
    await restorePostgres(config.databaseUrl, source);
    restoreKeyFiles(config, from, manifest.files);
  }
  return {
    text: `restored the ${dialect} backup of ${manifest.createdAt} from ${from}; start the server`,
    json: { restored: from, dialect, createdAt: manifest.createdAt },
  };
};
