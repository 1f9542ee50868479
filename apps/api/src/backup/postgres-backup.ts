import { spawn } from 'node:child_process';
import pg from 'pg';

/**
 * PostgreSQL through its own tools: `pg_dump --format=custom` (one snapshot, consistent while
 * the servers write) and `pg_restore` into an empty database. Both come with the PostgreSQL
 * client package (Debian: postgresql-client); their major version must be at least the server's.
 */
function run(tool: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'ENOENT'
            ? `${tool} is not installed: install the PostgreSQL client (apt-get install postgresql-client) of the server's major version or newer`
            : `${tool} could not run: ${error.message}`,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim().split('\n')[0] ?? ''}`)),
    );
  });
}

export async function backUpPostgres(url: string, schema: string | undefined, to: string) {
  await run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    ...(schema === undefined ? [] : [`--schema=${schema}`]),
    `--file=${to}`,
    `--dbname=${url}`,
  ]);
}

/**
 * Whether the target already holds Nimbus tables (its migrations table) in the schema the
 * server would use; an empty schema of that name is dropped, for the dump creates it.
 */
export async function postgresTargetInUse(url: string, schema: string | undefined) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const table = schema === undefined ? 'kysely_migration' : `"${schema}".kysely_migration`;
    const found = await client.query<{ t: string | null }>('select to_regclass($1) as t', [table]);
    if (found.rows[0]?.t != null) return true;
    if (schema !== undefined) await client.query(`drop schema if exists "${schema}"`);
    return false;
  } finally {
    await client.end();
  }
}

export async function restorePostgres(url: string, from: string) {
  await run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    from,
  ]);
}
