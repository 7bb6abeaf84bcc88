import type { Locale, NotificationEvent } from '@einwurf/contract';

// What notification mails say, in each interface language. {title}, {type}, {by}, {count} and {link}
// are filled in; no text comes from anywhere else but the entry's title (and, when an admin allows
// it, the author's words).

export type MailStrings = {
  subject: Record<NotificationEvent, string> & { comment: string; digest: string };
  lead: Record<NotificationEvent, string> & { comment: string; assignedBy: string };
  digestLead: string;
  open: string;
  authorText: string;
  footer: string;
};

const de: MailStrings = {
  subject: {
    proposed: 'Neuer Vorschlag: {title}',
    author: 'Geändert von der Autorin oder dem Autor: {title}',
    comment: 'Neuer Kommentar der Autorin oder des Autors: {title}',
    assigned: 'Dir zugewiesen: {title}',
    digest: 'Einwurf: {count} Neuigkeiten von heute',
  },
  lead: {
    proposed: 'Ein Beitrag ({type}) wurde zur Veröffentlichung vorgeschlagen:',
    author: 'Die Autorin oder der Autor hat diesen Beitrag geändert:',
    comment: 'Die Autorin oder der Autor hat diesen Beitrag kommentiert:',
    assigned: 'Dieser Beitrag ist dir zugewiesen:',
    assignedBy: '{by} hat dir diesen Beitrag zugewiesen:',
  },
  digestLead: 'Das ist seit der letzten Zusammenfassung geschehen:',
  open: 'Im Backoffice öffnen',
  authorText: 'Text der Autorin oder des Autors:',
  footer: 'Du erhältst diese Nachricht, weil du sie in deinem Profil bei Einwurf gewählt hast.',
};

const en: MailStrings = {
  subject: {
    proposed: 'New proposal: {title}',
    author: 'Changed by its author: {title}',
    comment: 'New comment from its author: {title}',
    assigned: 'Assigned to you: {title}',
    digest: 'Einwurf: {count} updates of the day',
  },
  lead: {
    proposed: 'An entry ({type}) was proposed for publication:',
    author: 'The author changed this entry:',
    comment: 'The author commented on this entry:',
    assigned: 'This entry is assigned to you:',
    assignedBy: '{by} assigned this entry to you:',
  },
  digestLead: 'This happened since the last digest:',
  open: 'Open in the back office',
  authorText: "The author's text:",
  footer: 'You receive this message because you chose it on your Einwurf profile.',
};

// The German has no ß, so Swiss German reads it as it is.
export const MAIL_STRINGS: Record<Locale, MailStrings> = { de, 'de-CH': de, en };

/** A string with its {placeholders} filled in. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
