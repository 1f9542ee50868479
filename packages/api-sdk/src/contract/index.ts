/**
 * @nimbus/api-sdk/contract: the API contract shared by the server and the apps. Plain data and
 * TypeBox schemas, no browser code.
 */
export * from './endpoints.ts';
export * from './envelope.ts';
export * from './error-codes.ts';
export * from './headers.ts';
export * from './schemas/index.ts';
export * from './tracking.ts';
export type * from './types.ts';
export * from './well-known-codes.ts';
export * from './admin/index.ts';
