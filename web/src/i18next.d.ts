// Translation keys are typed from the German catalogue, which every other one must match (see
// locales/catalogues.test.ts): a key that does not exist fails the typecheck.
import type de from './locales/de.json';
import type webhooks from './locales/webhooks/de.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // Screens that load lazily bring their own catalogues (lib/i18n.ts, addScreenStrings).
    resources: { translation: typeof de & typeof webhooks };
  }
}
