import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  REPLY_TEMPLATE_COUNT_MAX,
  type TemplateTexts,
  type ReplyTemplate,
  type ReplyTemplateInput,
} from '@einwurf/contract';
import type { Database, ReplyTemplateRow } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import * as repo from './repository.ts';
import { isoDateTime } from '../../time.ts';

type Db = Kysely<Database>;

const notFound = () => new AppError('NOT_FOUND', 'no such reply template');

function textsOf(row: ReplyTemplateRow, part: 'title' | 'text'): TemplateTexts {
  return { de: row[`${part}_de`], 'de-CH': row[`${part}_de_ch`], en: row[`${part}_en`] };
}

export function toReplyTemplate(row: ReplyTemplateRow): ReplyTemplate {
  return {
    id: row.id,
    title: textsOf(row, 'title'),
    text: textsOf(row, 'text'),
    created_at: isoDateTime(row.created_at),
    updated_at: isoDateTime(row.updated_at),
  };
}

/** The row's columns of a template's titles and texts, each trimmed. */
function columns(input: ReplyTemplateInput) {
  return {
    title_de: input.title.de.trim(),
    title_de_ch: input.title['de-CH'].trim(),
    title_en: input.title.en.trim(),
    text_de: input.text.de.trim(),
    text_de_ch: input.text['de-CH'].trim(),
    text_en: input.text.en.trim(),
  };
}

/** Every template, by German title. */
export async function listReplyTemplates(db: Db): Promise<ReplyTemplate[]> {
  return (await repo.listTemplates(db)).map(toReplyTemplate);
}

/** Stores a new template (409 CONFLICT past REPLY_TEMPLATE_COUNT_MAX). */
export async function createReplyTemplate(db: Db, input: ReplyTemplateInput): Promise<ReplyTemplate> {
  if ((await repo.countTemplates(db)) >= REPLY_TEMPLATE_COUNT_MAX) {
    throw new AppError('CONFLICT', `there are ${REPLY_TEMPLATE_COUNT_MAX} reply templates already`);
  }
  const now = Date.now();
  const row: ReplyTemplateRow = {
    id: randomBytes(12).toString('base64url'),
    ...columns(input),
    created_at: now,
    updated_at: now,
  };
  await repo.insertTemplate(db, row);
  return toReplyTemplate(row);
}

/** Replaces a template's titles and texts (404 for no such template). */
export async function updateReplyTemplate(
  db: Db,
  id: string,
  input: ReplyTemplateInput,
): Promise<ReplyTemplate> {
  const updated = await repo.updateTemplate(db, id, { ...columns(input), updated_at: Date.now() });
  if (!updated) throw notFound();
  return toReplyTemplate(updated);
}

export async function deleteReplyTemplate(db: Db, id: string): Promise<void> {
  if (!(await repo.deleteTemplate(db, id))) throw notFound();
}
