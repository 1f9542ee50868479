export { default } from '@nimbus/prettier-config';
