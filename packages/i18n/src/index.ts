export * from './languages.ts';
export * from './resources.ts';
