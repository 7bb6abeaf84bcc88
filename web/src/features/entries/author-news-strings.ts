import { addScreenStrings } from '../../lib/i18n';
import de from '../../locales/author-news/de.json';
import en from '../../locales/author-news/en.json';

// The notice and badge of moderation's news load only when there is news, so their strings come with
// them, off everyone's first load. Their German has no ß, so de-CH reads German's.
addScreenStrings({ de, en });
