import { addScreenStrings } from '../../lib/i18n';
import de from '../../locales/about/de.json';
import en from '../../locales/about/en.json';

// The screen's strings load with it, kept off everyone's first load. Swiss spellings stay in
// de-CH.json, which loads only for de-CH readers.
addScreenStrings({ de, en });
