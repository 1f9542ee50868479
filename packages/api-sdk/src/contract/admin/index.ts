export * from './admin-endpoints.ts';
export * from './admin-schemas.ts';
export type * from './admin-types.ts';
