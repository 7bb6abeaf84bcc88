import { addScreenStrings } from '../../lib/i18n';
import de from '../../locales/submissions/de.json';
import en from '../../locales/submissions/en.json';

// The screen's strings load with it, kept off everyone's first load. Swiss spellings stay in
// de-CH.json, which loads only for de-CH readers.
addScreenStrings({ de, en });
