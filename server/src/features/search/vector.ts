import { sql } from 'kysely';

/**
 * PostgreSQL's tsvector of a document: title weighted A above body B, German and English stems. The
 * search repository writes it; a save sets it in the entry's own UPDATE (see searchVectorOf).
 */
export function pgVector(title: string, body: string) {
  return sql`setweight(to_tsvector('german', ${title}) || to_tsvector('english', ${title}), 'A') ||
    setweight(to_tsvector('german', ${body}) || to_tsvector('english', ${body}), 'B')`;
}
