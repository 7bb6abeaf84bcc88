import { addScreenStrings } from '../../lib/i18n';
import de from '../../locales/auth/de.json';
import en from '../../locales/auth/en.json';

// The login and password screens' strings load with them, not with every first load. Their German
// has no ß, so de-CH reads German's.
addScreenStrings({ de, en });
