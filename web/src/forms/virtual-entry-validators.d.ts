declare module 'virtual:entry-validators' {
  import type { CompiledValidate, ValidationMode } from '@einwurf/contract';

  /** Per shipped type, the import of its standalone strict and draft validation functions. */
  export const validatorLoaders: Record<string, () => Promise<Record<ValidationMode, CompiledValidate>>>;
  /** The shipped types the build generated validators for. */
  export const entryTypes: readonly string[];
}
