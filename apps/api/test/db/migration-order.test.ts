import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely/migration';
import { expect, test } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { migrationProvider } from '../../src/db/migrations/index.ts';

// Parts of the server land with their own ranges of migration numbers, so a lower number can
// land after a higher one (0035 tickets after 0050 telegram). A database migrated before it
// landed runs it at the next start instead of refusing to start (Kysely's "corrupted
// migrations" without allowUnorderedMigrations).
test('a migration that sorts before ones already run is run, and the server starts', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nimbus-migration-order-'));
  const handle = openDatabase({
    databaseUrl: undefined,
    databaseSchema: undefined,
    sqlitePath: path.join(dir, 'nimbus.db'),
  });
  try {
    const all = migrationProvider('sqlite');
    const earlier = new Migrator({
      db: handle.db,
      provider: {
        getMigrations: async () =>
          Object.fromEntries(
            Object.entries(await all.getMigrations()).filter(([name]) => name !== '0035-tickets'),
          ),
      },
    });
    expect((await earlier.migrateToLatest()).error).toBeUndefined();
    expect(await handle.pendingMigrations()).toEqual(['0035-tickets']);
    await handle.migrate();
    expect(await handle.pendingMigrations()).toEqual([]);
    expect(await handle.db.selectFrom('tickets').selectAll().execute()).toEqual([]);
  } finally {
    await handle.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});
