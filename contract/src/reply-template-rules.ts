// The reply templates' constants without their TypeBox schemas (reply-templates.ts), so the back
// office's screens carry no TypeBox.
import { COMMENT_CONTENT_MAX, COMMENT_TITLE_MAX } from './entry-rules.ts';
import type { Locale } from './limits.ts';

/** A template fills a comment: its title and text are at most as long as a comment's. */
export const REPLY_TEMPLATE_TITLE_MAX = COMMENT_TITLE_MAX;
export const REPLY_TEMPLATE_TEXT_MAX = COMMENT_CONTENT_MAX;
/** How many templates there may be (the moderators' menu lists them all). */
export const REPLY_TEMPLATE_COUNT_MAX = 200;

/** One text in each interface language. */
export type TemplateTexts = Record<Locale, string>;

/** A reply template as the API answers it. */
export type ReplyTemplate = {
  id: string;
  title: TemplateTexts;
  text: TemplateTexts;
  created_at: string;
  updated_at: string;
};

/** The body of `POST admin/reply-templates` and `PUT admin/reply-templates/{id}`. */
export type ReplyTemplateInput = { title: TemplateTexts; text: TemplateTexts };
