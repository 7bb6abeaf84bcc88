// Translation keys are typed from the German catalogue, which every other one must match (see
// locales/catalogues.test.ts): a key that does not exist fails the typecheck.
import type de from './locales/de.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof de };
  }
}
