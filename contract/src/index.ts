export * from './errors.ts';
export * from './limits.ts';
export * from './auth.ts';
export * from './content-types.ts';
export * from './forms/index.ts';
