import { addScreenStrings } from '../../lib/i18n';
import de from '../../locales/components-demo/de.json';
import en from '../../locales/components-demo/en.json';

// The screen's strings load with it: a screen for admins and developers, kept off everyone's first
// load. Its German has no ß, so de-CH reads German's.
addScreenStrings({ de, en });
