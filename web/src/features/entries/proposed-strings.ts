import { addScreenStrings } from '../../lib/i18n';
import de from '../../locales/entry-proposed/de.json';
import en from '../../locales/entry-proposed/en.json';

// The proposed page's own strings load with it, not with every first load. Its German has no ß, so
// de-CH reads German's.
addScreenStrings({ de, en });
