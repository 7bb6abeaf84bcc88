import { entryValidatorFrom, type EntryValidator } from '@einwurf/contract';
import { validatorLoaders } from 'virtual:entry-validators';

const loaded = new Map<string, Promise<EntryValidator>>();

/**
 * The validator of a shipped type, generated at build time (vite-plugins/entry-validators.ts), so it
 * runs under the app's CSP without 'unsafe-eval'. Each type's code is a chunk of its own, loaded once.
 */
export function loadEntryValidator(type: string): Promise<EntryValidator> {
  let validator = loaded.get(type);
  if (!validator) {
    const load = Object.hasOwn(validatorLoaders, type) ? validatorLoaders[type] : undefined;
    if (!load) return Promise.reject(new Error(`No validator was generated for type "${type}"`));
    validator = load().then(entryValidatorFrom);
    validator.catch(() => loaded.delete(type));
    loaded.set(type, validator);
  }
  return validator;
}
