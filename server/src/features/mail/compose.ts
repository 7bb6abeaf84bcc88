import type { Locale, NotificationEvent } from '@einwurf/contract';
import { fill, MAIL_STRINGS } from './strings.ts';

/** One thing a mail tells: an event about an entry, as the mail consumer stored it. */
export type MailItem = {
  /** Which preference it belongs to; `comment` is the author's comment (preference `author`). */
  kind: NotificationEvent | 'comment';
  entry: { id: string; type: string; title: string };
  /** Who assigned the entry (kind assigned), when not the recipient. */
  by?: string | null;
  /** The author's words (the body, or the comment), only when an admin lets mails carry them. */
  text?: string;
  /** The link to the entry in the back office. */
  link: string;
};

export type Mail = { subject: string; text: string; html: string };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Subject lines carry no line breaks (a title could hold one) and stay short. */
const oneLine = (value: string, max = 120) => {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function leadOf(item: MailItem, locale: Locale): string {
  const strings = MAIL_STRINGS[locale];
  if (item.kind === 'assigned' && item.by) return fill(strings.lead.assignedBy, { by: item.by });
  return fill(strings.lead[item.kind], { type: item.entry.type });
}

function itemText(item: MailItem, locale: Locale): string {
  const strings = MAIL_STRINGS[locale];
  const lines = [
    leadOf(item, locale),
    '',
    `  ${oneLine(item.entry.title, 300)}`,
    `  ${strings.open}: ${item.link}`,
  ];
  if (item.text !== undefined) lines.push('', strings.authorText, item.text);
  return lines.join('\n');
}

function itemHtml(item: MailItem, locale: Locale): string {
  const strings = MAIL_STRINGS[locale];
  const parts = [
    `<p>${escapeHtml(leadOf(item, locale))}</p>`,
    `<p><strong>${escapeHtml(oneLine(item.entry.title, 300))}</strong><br>`,
    `<a href="${escapeHtml(item.link)}">${escapeHtml(strings.open)}</a></p>`,
  ];
  if (item.text !== undefined) {
    parts.push(
      `<p>${escapeHtml(strings.authorText)}</p>`,
      `<blockquote style="white-space: pre-wrap">${escapeHtml(item.text)}</blockquote>`,
    );
  }
  return parts.join('\n');
}

function wrapHtml(locale: Locale, body: string): string {
  const footer = escapeHtml(MAIL_STRINGS[locale].footer);
  return `<!doctype html>\n<html lang="${locale}"><body>\n${body}\n<hr>\n<p><small>${footer}</small></p>\n</body></html>\n`;
}

/** The mail about one event, in the recipient's language: plain text and HTML. */
export function composeMail(item: MailItem, locale: Locale): Mail {
  const strings = MAIL_STRINGS[locale];
  return {
    subject: fill(strings.subject[item.kind], { title: oneLine(item.entry.title) }),
    text: `${itemText(item, locale)}\n\n--\n${strings.footer}\n`,
    html: wrapHtml(locale, itemHtml(item, locale)),
  };
}

/** The daily digest: every item of the day in one mail, oldest first. */
export function composeDigest(items: readonly MailItem[], locale: Locale): Mail {
  const strings = MAIL_STRINGS[locale];
  return {
    subject: fill(strings.subject.digest, { count: items.length }),
    text: `${strings.digestLead}\n\n${items.map((item) => itemText(item, locale)).join('\n\n---\n\n')}\n\n--\n${strings.footer}\n`,
    html: wrapHtml(
      locale,
      `<p>${escapeHtml(strings.digestLead)}</p>\n${items.map((item) => itemHtml(item, locale)).join('\n<hr>\n')}`,
    ),
  };
}
