import { addScreenStrings } from '../../lib/i18n';
import de from '../../locales/assignment/de.json';
import en from '../../locales/assignment/en.json';

// Assignment's strings load with the moderation screens that use them (submissions, moderate,
// dashboard), kept off everyone's first load. de-CH reads German's: no word differs.
addScreenStrings({ de, en });
