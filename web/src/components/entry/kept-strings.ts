import { addScreenStrings } from '../../lib/i18n';
import de from '../../locales/entry-kept/de.json';
import en from '../../locales/entry-kept/en.json';

// The strings of kept typing load with its lazy parts (the offer, the "last saved" label), off the
// editors' first load. de-CH reads German's: no word differs.
addScreenStrings({ de, en });
