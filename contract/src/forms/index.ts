export * from './ui-schema.ts';
export * from './content-type.ts';
export * from './validator.ts';
export * from './messages.ts';
