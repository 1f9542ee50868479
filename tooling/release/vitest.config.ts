import { withBase } from '@nimbus/vitest-config';

// Starting the unpacked release and migrating a fresh database takes a while on shared cores.
export default withBase({ test: { testTimeout: 240_000, hookTimeout: 120_000 } });
