import { addScreenStrings } from '../../lib/i18n';
import de from '../../locales/reply-templates/de.json';
import en from '../../locales/reply-templates/en.json';

// The screen's strings load with it: an admin's screen, kept off everyone's first load. Its German
// has no ß, so de-CH reads German's.
addScreenStrings({ de, en });
