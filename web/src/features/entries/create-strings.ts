import { addScreenStrings } from '../../lib/i18n';
import de from '../../locales/entry-create/de.json';
import en from '../../locales/entry-create/en.json';

// The strings of creating an entry (and of its proposed page) load with those screens, not with
// every first load. Its German has no ß, so de-CH reads German's.
addScreenStrings({ de, en });
