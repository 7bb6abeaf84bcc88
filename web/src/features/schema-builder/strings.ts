import { addScreenStrings } from '../../lib/i18n';
import de from '../../locales/schema-builder/de.json';
import en from '../../locales/schema-builder/en.json';

// The screen's strings load with it: a screen for admins and developers, kept off everyone's first
// load. Its German has no ß, so de-CH reads German's.
addScreenStrings({ de, en });
