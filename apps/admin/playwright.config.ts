import { defineE2EConfig } from '@nimbus/e2e-kit/config';

export default defineE2EConfig();
