import { addScreenStrings } from '../../lib/i18n';
import de from '../../locales/health/de.json';
import en from '../../locales/health/en.json';

// The screen's strings load with it: a back-office screen, kept off everyone's first load. Swiss
// spellings stay in de-CH.json, which loads only for de-CH readers.
addScreenStrings({ de, en });
