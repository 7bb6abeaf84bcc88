import { addScreenStrings } from '../../lib/i18n';
import de from '../../locales/external/de.json';
import en from '../../locales/external/en.json';

// The external-link screen's strings load with it, not with every first load. Its German has no ß,
// so de-CH reads German's.
addScreenStrings({ de, en });
