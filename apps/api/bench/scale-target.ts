// Where the scale data set lives: a SQLite file (default <tmp>/nimbus-scale/nimbus.sqlite) or a
// PostgreSQL schema (default nimbus_scale), and where its seed report is kept.
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ScaleTarget {
  databaseUrl?: string | undefined;
  schema?: string | undefined;
  sqlitePath?: string | undefined;
  dialect: 'sqlite' | 'postgres';
  label: string;
}

export function scaleTarget(input: {
  databaseUrl?: string | undefined;
  schema?: string | undefined;
  sqlite?: string | undefined;
}): ScaleTarget {
  if (input.databaseUrl) {
    const schema = input.schema ?? 'nimbus_scale';
    if (!/^[a-z_][a-z0-9_]*$/.test(schema))
      throw new Error('--schema: lower-case letters, digits and _ only');
    return {
      databaseUrl: input.databaseUrl,
      schema,
      dialect: 'postgres',
      label: `PostgreSQL schema ${schema}`,
    };
  }
  const sqlitePath = path.resolve(
    input.sqlite ?? path.join(tmpdir(), 'nimbus-scale', 'nimbus.sqlite'),
  );
  return { sqlitePath, dialect: 'sqlite', label: `SQLite ${sqlitePath}` };
}

export const seedInfoPath = (target: ScaleTarget) =>
  target.sqlitePath
    ? `${target.sqlitePath}.seed.json`
    : path.join(tmpdir(), `nimbus-scale-${target.schema ?? 'nimbus_scale'}.seed.json`);
