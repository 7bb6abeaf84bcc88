import Type from 'typebox';
import { LOCALES } from './limits.ts';
import { REPLY_TEMPLATE_TEXT_MAX, REPLY_TEMPLATE_TITLE_MAX } from './reply-template-rules.ts';

export * from './reply-template-rules.ts';

const IsoDate = Type.String({ format: 'date-time' });

/** A text in each of the interface languages, each not empty (nor only white space). */
function localized(maxLength: number, description: string) {
  const text = Type.String({ minLength: 1, maxLength, pattern: '\\S' });
  return Type.Object(
    Object.fromEntries(LOCALES.map((locale) => [locale, text])) as Record<
      (typeof LOCALES)[number],
      typeof text
    >,
    { additionalProperties: false, description },
  );
}

const Title = localized(
  REPLY_TEMPLATE_TITLE_MAX,
  'what moderators pick the template by; it fills the comment title',
);
const Text = localized(REPLY_TEMPLATE_TEXT_MAX, "what fills the comment's text, in the entry's language");

/** `POST admin/reply-templates` and `PUT admin/reply-templates/{id}`: the whole template. */
export const ReplyTemplateInputSchema = Type.Object(
  { title: Title, text: Text },
  { additionalProperties: false },
);

export const ReplyTemplateSchema = Type.Object({
  id: Type.String(),
  title: Title,
  text: Text,
  created_at: IsoDate,
  updated_at: IsoDate,
});

/** `GET admin/reply-templates`: every template, by title (German). */
export const ReplyTemplateListSchema = Type.Object({ data: Type.Array(ReplyTemplateSchema) });
export type ReplyTemplateList = Type.Static<typeof ReplyTemplateListSchema>;

/** `POST` (201) and `PUT`: the template as stored. */
export const ReplyTemplateAnswerSchema = Type.Object({ data: ReplyTemplateSchema });
export type ReplyTemplateAnswer = Type.Static<typeof ReplyTemplateAnswerSchema>;
