import { VALIDATION_TEXTS_DE } from './de.ts';
import type { ValidationTexts } from './texts.ts';

/**
 * The validation texts in Swiss German: the app's Swiss texts are German in Swiss spelling (no ß,
 * none of these texts has one) and Swiss quotation marks.
 */
export const VALIDATION_TEXTS_DE_CH: ValidationTexts = {
  ...VALIDATION_TEXTS_DE,
  const: (value) => `Hier passt nur «${value}».`,
  additionalProperties: (name) => `Das Feld «${name}» gibt es in diesem Formular nicht.`,
  summary: (fields) =>
    fields.length === 1
      ? `Bitte prüfe das Feld «${fields[0]}».`
      : `Bitte prüfe diese Felder: ${fields.map((f) => `«${f}»`).join(', ')}.`,
};
