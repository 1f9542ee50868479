/**
 * @nimbus/api-sdk/admin: the operator console's browser client (the console catalogue's calls,
 * an operator session apart from the members').
 */
export {
  createAdminClient,
  OPERATOR_TOKEN_KEY,
  type AdminClient,
  type AdminClientOptions,
  type AdminMethods,
} from './create-admin-client.ts';
export { ApiError, NetworkError } from '../client/errors.ts';
export { adminEndpoints, type AdminEndpointName } from '../contract/admin/admin-endpoints.ts';
export type { AdminRequestOf, AdminResponseOf } from '../contract/admin/admin-types.ts';
