import { addScreenStrings } from '../../lib/i18n';
import de from '../../locales/users/de.json';
import en from '../../locales/users/en.json';

// The screen's strings load with it: a back-office screen, kept off everyone's first load. Swiss
// spellings stay in de-CH.json, which loads only for de-CH readers.
addScreenStrings({ de, en });
