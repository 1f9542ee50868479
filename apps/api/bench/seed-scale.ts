// pnpm --filter @nimbus/app-api seed:scale -- --users 1000000 --orders 5000000 --commissions
// 1000000 [--database-url postgres://... --schema nimbus_scale] [--sqlite
// /tmp/nimbus-scale/nimbus.sqlite] [--checked]
// Run through bench/bundle.ts: the server's source it imports uses TypeScript that Node's type
// stripping does not run (parameter properties).
// Fills a fresh database (the server's migrations, then bench/seed.ts) and writes what it made
// beside it (<sqlite file>.seed.json, or <tmp>/nimbus-scale-<schema>.seed.json), which
// bench/scale.ts reads for the report.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { seedDatabase } from './seed.ts';
import { seedInfoPath, scaleTarget } from './scale-target.ts';

const { values } = parseArgs({
  // `pnpm run x -- --flag` may pass the `--` on.
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    users: { type: 'string', default: '1000000' },
    orders: { type: 'string', default: '5000000' },
    commissions: { type: 'string', default: '1000000' },
    'database-url': { type: 'string' },
    schema: { type: 'string' },
    sqlite: { type: 'string' },
    checked: { type: 'boolean', default: false },
    // Where the package is (bench/bundle.ts passes it; unused here).
    root: { type: 'string' },
  },
  allowPositionals: true,
});
const target = scaleTarget({
  databaseUrl: values['database-url'],
  schema: values.schema,
  sqlite: values.sqlite,
});
const sizes = {
  users: Number(values.users),
  orders: Number(values.orders),
  commissions: Number(values.commissions),
};
for (const [k, v] of Object.entries(sizes))
  if (!Number.isInteger(v) || v < 1) throw new Error(`--${k} must be a positive whole number`);

console.log(
  `seeding ${target.label}: ${sizes.users.toLocaleString('en')} users, ${sizes.orders.toLocaleString('en')} orders, ${sizes.commissions.toLocaleString('en')} commissions${values.checked ? ' (foreign keys checked)' : ''}`,
);
const result = await seedDatabase({
  ...sizes,
  ...target,
  fast: !values.checked,
  progress: (line) => console.log(line),
});
console.log(
  `done in ${result.seconds.toFixed(1)} s: ${result.totalRows.toLocaleString('en')} rows, ${Math.round(result.rowsPerSecond).toLocaleString('en')} rows/s`,
);
for (const [table, n] of Object.entries(result.rows))
  console.log(`  ${table.padEnd(20)}${n.toLocaleString('en')}`);
writeFileSync(seedInfoPath(target), JSON.stringify({ sizes, ...result }, null, 2));
console.log(`wrote ${seedInfoPath(target)}`);
