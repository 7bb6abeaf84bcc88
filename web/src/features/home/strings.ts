import { addScreenStrings } from '../../lib/i18n';
import de from '../../locales/home/de.json';
import en from '../../locales/home/en.json';

// The home screen's strings load with it, so the editor's first load does not carry them. Swiss
// spellings stay in de-CH.json, which loads only for de-CH readers.
addScreenStrings({ de, en });
