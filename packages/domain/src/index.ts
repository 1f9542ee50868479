export * from './constants.ts';
export * from './enums.ts';
export * from './environment.ts';
export * from './platform.ts';
