export * from './admin-endpoints.ts';
export * from './admin-schemas.ts';
export * from './admin-user-schemas.ts';
export * from './admin-kol-schemas.ts';
export * from './admin-group-schemas.ts';
export type * from './admin-types.ts';
export * from './admin-plan-schemas.ts';
export * from './admin-code-schemas.ts';
export * from './admin-setting-schemas.ts';
