import { withBase } from '@nimbus/vitest-config';

// The same suite runs twice: on SQLite (a temp file per test) and on PostgreSQL (a fresh schema
// per test file in DATABASE_URL, default the machines' 127.0.0.1:5432/test).
const postgresUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export default withBase({
  test: {
    // argon2id at OWASP cost and RSA keys make some tests slow on two shared cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'sqlite', env: { TEST_DB: 'sqlite' } } },
      {
        extends: true,
        test: { name: 'postgres', env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl } },
      },
    ],
  },
});
