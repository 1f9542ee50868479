// `pnpm start`: the built server, with example settings outside production (EXAMPLE_SETTINGS,
// apps/api/src/config/example-settings.ts) so a first start shows the whole product. Production
// (NODE_ENV=production) keeps its explicit configuration; EXAMPLE_SETTINGS=false turns them off.
if (process.env.NODE_ENV !== 'production') process.env.EXAMPLE_SETTINGS ??= 'true';
await import('../../apps/api/dist/main.js');
