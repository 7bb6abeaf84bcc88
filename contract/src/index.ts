// The contract's public surface. The modules that declare TypeBox schemas (errors, auth, pow, entries,
// admin, content-types, files, public, forms/ui-schema) or compile with Ajv (forms/validator) re-export
// their plain constants, types and rules from modules free of both (error-codes, roles, pow-rule,
// entry-rules, admin-rules, public-rules, forms/widgets, forms/entry-validation). The package has no side
// effects, so the web app, which uses only the latter, bundles neither TypeBox nor Ajv into its first
// load: a value the browser needs belongs in such a module, not beside a schema (scripts/bundle-budget.mjs
// measures the result).
export * from './errors.ts';
export * from './limits.ts';
export * from './localize.ts';
export * from './file-names.ts';
export * from './auth.ts';
export * from './content-types.ts';
export * from './forms/index.ts';
export * from './pow.ts';
export * from './entries.ts';
export * from './passwords.ts';
export * from './admin.ts';
export * from './pagination.ts';
export * from './files.ts';
export * from './public.ts';
export * from './webhooks.ts';
export * from './outbox-events.ts';
export * from './revisions.ts';
export * from './audit.ts';
export * from './reply-templates.ts';
export * from './mail-rules.ts';
export * from './mail.ts';
export * from './staff-security.ts';
