import type { Kysely, Updateable } from 'kysely';
import type { Database, ReplyTemplateRow, ReplyTemplatesTable } from '../../db/types.ts';

type Db = Kysely<Database>;

export function listTemplates(db: Db): Promise<ReplyTemplateRow[]> {
  return db.selectFrom('reply_templates').selectAll().orderBy('title_de').orderBy('id').execute();
}

export async function countTemplates(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('reply_templates')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertTemplate(db: Db, row: ReplyTemplateRow): Promise<void> {
  await db.insertInto('reply_templates').values(row).execute();
}

export function updateTemplate(
  db: Db,
  id: string,
  changes: Updateable<ReplyTemplatesTable>,
): Promise<ReplyTemplateRow | undefined> {
  return db
    .updateTable('reply_templates')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteTemplate(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('reply_templates').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
