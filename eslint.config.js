import config from '@nimbus/eslint-config';

export default config;
