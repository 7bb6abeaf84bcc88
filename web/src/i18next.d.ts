// Translation keys are typed from the German catalogue, which every other one must match (see
// locales/catalogues.test.ts): a key that does not exist fails the typecheck.
import type de from './locales/de.json';
import type about from './locales/about/de.json';
import type assignment from './locales/assignment/de.json';
import type audit from './locales/audit/de.json';
import type componentsDemo from './locales/components-demo/de.json';
import type authorNews from './locales/author-news/de.json';
import type dashboard from './locales/dashboard/de.json';
import type entryCreate from './locales/entry-create/de.json';
import type entryKept from './locales/entry-kept/de.json';
import type entryProposed from './locales/entry-proposed/de.json';
import type auth from './locales/auth/de.json';
import type external from './locales/external/de.json';
import type health from './locales/health/de.json';
import type home from './locales/home/de.json';
import type moderate from './locales/moderate/de.json';
import type profile from './locales/profile/de.json';
import type schemaBuilder from './locales/schema-builder/de.json';
import type replyTemplates from './locales/reply-templates/de.json';
import type search from './locales/search/de.json';
import type submissions from './locales/submissions/de.json';
import type users from './locales/users/de.json';
import type webhooks from './locales/webhooks/de.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // Screens that load lazily bring their own catalogues (lib/i18n.ts, addScreenStrings).
    resources: {
      translation: typeof de &
        typeof about &
        typeof assignment &
        typeof audit &
        typeof componentsDemo &
        typeof authorNews &
        typeof dashboard &
        typeof entryCreate &
        typeof entryKept &
        typeof entryProposed &
        typeof auth &
        typeof external &
        typeof health &
        typeof home &
        typeof moderate &
        typeof profile &
        typeof schemaBuilder &
        typeof replyTemplates &
        typeof search &
        typeof submissions &
        typeof users &
        typeof webhooks;
    };
  }
}
