import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  DEFAULT_NOTIFICATIONS,
  ENTRY_ASSIGNED_EVENT,
  ENTRY_AUTHOR_CHANGED_EVENT,
  LOCALES,
  NOTIFICATION_EVENTS,
  NOTIFICATION_MODES,
  type Locale,
  type NotificationEvent,
  type NotificationPreferences,
  type Settings,
} from '@einwurf/contract';
import type { Database, MailDeliveryRow } from '../../db/types.ts';
import type { OutboxConsumer, OutboxEvent } from '../outbox/service.ts';
import { composeDigest, composeMail, type MailItem } from './compose.ts';
import * as repo from './repository.ts';
import type { MailTransport } from './transport.ts';

// Notification mails (DESIGN, wave 3): the outbox's second consumer. In the dispatch transaction it
// writes one delivery per staff account that wants to hear of the event (at once, or in the daily
// digest); its worker sends what is due under a lease, so one instance sends each mail, and retries a
// failed one on a schedule. A mail server that refuses or hangs delays no request: requests only write
// the outbox, and each attempt is bounded by the transport's time-outs.

type Db = Kysely<Database>;

/** What an outbox event is for mail: whose preference it is, and what the mail tells. */
type Notice = {
  preference: NotificationEvent;
  kind: MailItem['kind'];
  entry: { id: string; type: string; title: string };
  /** Kind assigned: the username it went to, and who gave it. */
  assignee?: string | null;
  by?: string | null;
  /** Kind comment: the author's comment, sent only when an admin allows it. */
  comment?: string;
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const entryOf = (data: Record<string, unknown>) => ({
  id: str(data['id']),
  type: str(data['type']),
  title: str(data['title']),
});

/** The notice an outbox event gives, if it is one staff can ask to hear of. */
export function noticeOf(event: OutboxEvent): Notice | null {
  const data = event.data;
  switch (event.type) {
    case 'entry.proposed':
      return { preference: 'proposed', kind: 'proposed', entry: entryOf(data) };
    case ENTRY_AUTHOR_CHANGED_EVENT:
      return { preference: 'author', kind: 'author', entry: entryOf(data) };
    case ENTRY_ASSIGNED_EVENT: {
      const assignee = typeof data['assignee'] === 'string' ? data['assignee'] : null;
      if (assignee === null) return null;
      const by = typeof data['by'] === 'string' ? data['by'] : null;
      return { preference: 'assigned', kind: 'assigned', entry: entryOf(data), assignee, by };
    }
    case 'comment.created': {
      const comment = (data['comment'] ?? {}) as Record<string, unknown>;
      if (comment['origin'] !== 'contributor') return null;
      return {
        preference: 'author',
        kind: 'comment',
        entry: entryOf((data['entry'] ?? {}) as Record<string, unknown>),
        comment: str(comment['content']),
      };
    }
    default:
      return null;
  }
}

/** An account's choices, stored as JSON; the defaults for what it never chose. */
export function preferencesOf(stored: string | null): NotificationPreferences {
  const chosen: Partial<Record<string, unknown>> = stored === null ? {} : (JSON.parse(stored) as object);
  const preferences = { ...DEFAULT_NOTIFICATIONS };
  for (const event of NOTIFICATION_EVENTS) {
    const mode = chosen[event];
    if ((NOTIFICATION_MODES as readonly unknown[]).includes(mode)) {
      preferences[event] = mode as NotificationPreferences[NotificationEvent];
    }
  }
  return preferences;
}

const DAY_MS = 86_400_000;

/** The first digest time (the hour, UTC) after `at`. */
export function nextDigestAt(at: number, hour: number): number {
  const day = Math.floor(at / DAY_MS) * DAY_MS;
  const today = day + hour * 3_600_000;
  return today > at ? today : today + DAY_MS;
}

const SETTINGS_KEY = 'installation';
const DEFAULT_SETTINGS: Settings = { mail_include_text: false };

export async function readSettings(db: Db): Promise<Settings> {
  const stored = await repo.readSetting(db, SETTINGS_KEY);
  const parsed = stored === undefined ? {} : (JSON.parse(stored) as Partial<Settings>);
  return { ...DEFAULT_SETTINGS, ...parsed };
}

export async function writeSettings(db: Db, settings: Settings): Promise<void> {
  await repo.writeSetting(db, SETTINGS_KEY, JSON.stringify(settings));
}

export function mailStatus(db: Db) {
  return repo.countDeliveries(db);
}

export type MailConsumerOptions = {
  db: Db;
  transport: MailTransport;
  /** Where links to the back office point: the origin the app is reached under. */
  origin: string;
  digestHour: number;
  /** The waits (ms) before each retry; after the last, the delivery has failed for good. */
  retryScheduleMs: readonly number[];
  now: () => number;
  log: FastifyBaseLogger;
};

/** Deliveries sent at once by one instance. */
const IN_FLIGHT = 4;
/** How long a delivery stays leased: longer than one attempt may take (the transport's time-outs). */
const LEASE_MS = 120_000;

/** The outbox consumer that mails staff. */
export function createMailConsumer(options: MailConsumerOptions): OutboxConsumer {
  const { db } = options;
  const owner = randomUUID();
  const inFlight = new Set<Promise<void>>();

  function linkOf(entry: { id: string; type: string }): string {
    return `${options.origin}/publish/moderate/${encodeURIComponent(entry.type)}/${encodeURIComponent(entry.id)}`;
  }

  /** The mail's item of a delivery, with the author's words when the settings allow them. */
  async function itemOf(row: MailDeliveryRow, includeText: boolean): Promise<MailItem> {
    const notice = JSON.parse(row.data) as Notice;
    const item: MailItem = { kind: notice.kind, entry: notice.entry, link: linkOf(notice.entry) };
    if (notice.kind === 'assigned') item.by = notice.by ?? null;
    if (includeText) {
      if (notice.kind === 'comment') item.text = notice.comment ?? '';
      else {
        const stored = await db
          .selectFrom('entries')
          .select('data')
          .where('id', '=', notice.entry.id)
          .executeTakeFirst();
        const content = stored ? (JSON.parse(stored.data) as Record<string, unknown>)['content'] : undefined;
        if (typeof content === 'string' && content !== '') item.text = content;
      }
    }
    return item;
  }

  async function deliver(rows: MailDeliveryRow[]): Promise<void> {
    const ids = rows.map((r) => r.id);
    const attempts = Math.max(...rows.map((r) => r.attempts)) + 1;
    try {
      const user = await db
        .selectFrom('users')
        .select(['email', 'language'])
        .where('id', '=', rows[0]!.user_id)
        .executeTakeFirst();
      if (!user?.email) {
        await repo.markAttemptFailed(db, ids, owner, { attempts, retryAt: null, error: 'no address' });
        return;
      }
      const locale: Locale = (LOCALES as readonly string[]).includes(user.language) ? user.language : 'de';
      const { mail_include_text } = await readSettings(db);
      const items = await Promise.all(rows.map((row) => itemOf(row, mail_include_text)));
      const mail = rows[0]!.mode === 'daily' ? composeDigest(items, locale) : composeMail(items[0]!, locale);
      await options.transport.send(user.email, mail);
      await repo.markSent(db, ids, owner, options.now());
    } catch (error) {
      const wait = options.retryScheduleMs[attempts - 1];
      const message = error instanceof Error ? error.message : String(error);
      options.log.warn({ err: error, deliveries: ids }, 'a notification mail was not sent');
      await repo
        .markAttemptFailed(db, ids, owner, {
          attempts,
          retryAt: wait === undefined ? null : options.now() + wait,
          error: message,
        })
        .catch((failure: unknown) => options.log.error({ err: failure }, 'mail delivery not updated'));
    }
  }

  function start(rows: MailDeliveryRow[], wake: () => void): void {
    const running: Promise<void> = deliver(rows).finally(() => {
      inFlight.delete(running);
      wake();
    });
    inFlight.add(running);
  }

  return {
    name: 'mail',
    async accept(trx, event) {
      const notice = noticeOf(event);
      if (notice === null) return;
      const recipients = await repo.listMailRecipients(trx);
      const rows = recipients.flatMap((recipient) => {
        if (notice.preference === 'assigned') {
          const name = recipient.username.toLowerCase();
          // Only the one it went to hears of it, and not when they took it themselves.
          if (notice.assignee?.toLowerCase() !== name || notice.by?.toLowerCase() === name) return [];
        }
        const mode = preferencesOf(recipient.notifications)[notice.preference];
        if (mode === 'never') return [];
        return [
          {
            user_id: recipient.id,
            event_type: event.type,
            entry_id: event.entryId,
            data: JSON.stringify(notice),
            mode,
            state: 'pending' as const,
            next_attempt_at:
              mode === 'daily'
                ? nextDigestAt(Math.max(event.availableAt, options.now()), options.digestHour)
                : event.availableAt,
            created_at: event.createdAt,
          },
        ];
      });
      await repo.insertDeliveries(trx, rows);
    },
    async work(wake) {
      let started = 0;
      const now = options.now();
      const free = () => IN_FLIGHT - inFlight.size;
      if (free() > 0) {
        const due = await repo.claimDue(db, {
          mode: 'immediately',
          now,
          owner,
          until: now + LEASE_MS,
          limit: free(),
        });
        for (const row of due) start([row], wake);
        started += due.length;
      }
      if (free() > 0) {
        for (const userId of await repo.listDueDigestUsers(db, now, free())) {
          const rows = await repo.claimDue(db, {
            mode: 'daily',
            now,
            owner,
            until: now + LEASE_MS,
            limit: 500,
            userId,
          });
          if (rows.length === 0) continue;
          start(rows, wake);
          started += 1;
        }
      }
      return started > 0;
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      options.transport.close();
    },
  };
}

/** Sent and failed mails are kept this long for the health page and then removed. */
export const MAIL_DELIVERY_KEEP_DAYS = 30;

/** Removes the records of mails sent or given up before `before` (epoch ms); pending ones stay. */
export function purgeFinishedMail(db: Db, before: number): Promise<void> {
  return repo.deleteFinishedBefore(db, before);
}
