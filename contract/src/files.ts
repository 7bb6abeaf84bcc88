import Type from 'typebox';

/**
 * A stored file as an upload (`POST anon/{id}/files`, `POST admin/collection/entry/{id}/files`) and a
 * rename (`PATCH` on the file URL) answer it.
 */
export const StoredFileSchema = Type.Object({
  id: Type.String(),
  entry_id: Type.String(),
  name: Type.String(),
  extension: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  sha256: Type.String(),
  is_image: Type.Boolean(),
  has_preview: Type.Boolean(),
  created_at: Type.Integer(),
  url: Type.String({ description: 'the file URL: its identity, for GET, PATCH and DELETE' }),
});
export type StoredFile = Type.Static<typeof StoredFileSchema>;
