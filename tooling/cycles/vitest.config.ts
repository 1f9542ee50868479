import { withBase } from '@nimbus/vitest-config';

export default withBase({});
