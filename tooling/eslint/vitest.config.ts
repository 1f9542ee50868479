import { withBase } from '@nimbus/vitest-config';

export default withBase({ test: { include: ['*.test.ts', 'rules/*.test.ts'] } });
