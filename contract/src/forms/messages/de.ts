import type { ValidationTexts } from './texts.ts';

/** The validation texts in German. */
export const VALIDATION_TEXTS_DE: ValidationTexts = {
  required: 'Dieses Feld ist erforderlich.',
  type: {
    string: 'Bitte gib hier einen Text ein.',
    number: 'Bitte gib eine Zahl ein.',
    integer: 'Bitte gib eine ganze Zahl ohne Komma ein.',
    boolean: 'Bitte wähle Ja oder Nein.',
    array: 'Bitte wähle einen oder mehrere Einträge aus.',
    object: 'Dieses Feld ist nicht richtig ausgefüllt.',
  },
  format: {
    email: 'Bitte gib eine E-Mail-Adresse ein, zum Beispiel name@example.org.',
    uri: 'Bitte gib eine Webadresse ein, die mit https:// beginnt.',
    date: 'Bitte gib ein Datum ein, zum Beispiel 24.12.2026.',
    time: 'Bitte gib eine Uhrzeit ein, zum Beispiel 18:30.',
    'date-time': 'Bitte gib ein Datum mit Uhrzeit ein, zum Beispiel 24.12.2026 18:30.',
    other: 'Die Eingabe hat nicht die erwartete Form.',
  },
  enum: (choices) => `Bitte wähle ${choices}.`,
  const: (value) => `Hier passt nur „${value}“.`,
  tick: { true: 'Bitte setze hier das Häkchen.', false: 'Bitte entferne hier das Häkchen.' },
  pattern: 'Die Eingabe hat nicht die erwartete Form.',
  minLength: (limit, shown) =>
    limit === 1 ? 'Dieses Feld ist erforderlich.' : `Bitte gib mindestens ${shown} Zeichen ein.`,
  maxLength: (limit, shown) =>
    limit === 1 ? 'Bitte gib höchstens ein Zeichen ein.' : `Bitte gib höchstens ${shown} Zeichen ein.`,
  minimum: (shown) => `Bitte gib eine Zahl ab ${shown} ein.`,
  maximum: (shown) => `Bitte gib eine Zahl bis höchstens ${shown} ein.`,
  exclusiveMinimum: (shown) => `Bitte gib eine Zahl über ${shown} ein.`,
  exclusiveMaximum: (shown) => `Bitte gib eine Zahl unter ${shown} ein.`,
  multipleOf: (shown) => `Bitte gib eine Zahl in Schritten von ${shown} ein.`,
  minItems: (limit, shown) =>
    limit === 1 ? 'Bitte wähle mindestens einen Eintrag.' : `Bitte wähle mindestens ${shown} Einträge.`,
  maxItems: (limit, shown) =>
    limit === 1 ? 'Bitte wähle höchstens einen Eintrag.' : `Bitte wähle höchstens ${shown} Einträge.`,
  uniqueItems: 'Jeder Eintrag darf nur einmal vorkommen.',
  additionalProperties: (name) => `Das Feld „${name}“ gibt es in diesem Formular nicht.`,
  invalid: 'Diese Eingabe passt nicht. Bitte prüfe sie.',
  fields: { title: 'Titel', content: 'Text' },
  or: 'oder',
  summary: (fields) =>
    fields.length === 1
      ? `Bitte prüfe das Feld „${fields[0]}“.`
      : `Bitte prüfe diese Felder: ${fields.map((f) => `„${f}“`).join(', ')}.`,
  labelled: (label, sentence) => `${label}: ${sentence}`,
};
