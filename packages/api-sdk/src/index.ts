/**
 * @nimbus/api-sdk: the browser client. Imports the contract's data (endpoints, headers,
 * tracking keys, error codes) and its schemas as types only, so TypeBox stays out of the bundle.
 */
export {
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type CallArgs,
  type CallOptions,
  type EndpointMethods,
  type RawCallOptions,
} from './client/create-api-client.ts';
export {
  AbortError,
  ApiError,
  NetworkError,
  TimeoutError,
  fromEnvelope,
  toClientError,
  type ApiErrorDetails,
  type ClientError,
  type NetworkFailure,
} from './client/errors.ts';
export {
  createEmitter,
  type ClientEvents,
  type Emitter,
  type ErrorToast,
  type Listener,
  type TokenSource,
} from './client/events.ts';
export { parentDomain, type CookieJar } from './client/cookies.ts';
export {
  DEVICE_ID_STORAGE_KEY,
  TOKEN_QUERY_PARAM,
  type BrowserStorage,
  type TokenStore,
} from './client/session.ts';
export { type AttributionValues } from './client/attribution.ts';
export { type PublicKeys } from './client/signing.ts';
export {
  DEVICE_ID_ERROR_KEY,
  DEVICE_ID_ERROR_MESSAGE,
  NETWORK_ERROR_KEY,
  NETWORK_ERROR_MESSAGE,
} from './client/report-error.ts';
export { endpoints, type EndpointName } from './contract/endpoints.ts';
export type { RequestOf, ResponseOf } from './contract/types.ts';
export type { Envelope } from './contract/envelope.ts';
