import fastifyMultipart from '@fastify/multipart';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorBodySchema, StoredFileSchema } from '@einwurf/contract';
import { AppError } from '../../errors.ts';
import { rateQuota } from '../../plugins/quotas.ts';
import { requireEntryAuthor, requireRoleFirst } from '../../plugins/sessions.ts';
import type { ContentTypes } from '../content-types/service.ts';
import { AUTHOR, type EntryChanger } from '../entries/service.ts';
import {
  authorizeFile,
  getFile,
  openFile,
  prepareUpload,
  removeFile,
  renameFile,
  storeUpload,
  type FileViewer,
} from './service.ts';
import type { FileStorage } from './storage/types.ts';

const EntryParams = Type.Object({ id: Type.String({ maxLength: 128 }) });
const FileParams = Type.Object({
  id: Type.String({ pattern: '^[A-Za-z0-9_-]{22}$' }),
  name: Type.Optional(Type.String({ maxLength: 1024 })),
});
const FileQuery = Type.Object({
  variant: Type.Optional(Type.Enum(['original', 'preview'])),
});
const RenameBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200, description: 'the new name without extension' }),
});
const errors = { '4xx': ErrorBodySchema };

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** Types a browser may show in place; everything else is offered as a download. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf']);

function changerOf(request: FastifyRequest): EntryChanger {
  const { role, userId } = request.session;
  if (role === 'anon') return AUTHOR;
  return { actor: role === 'admin' ? 'admin' : 'mod', userId };
}

function viewerOf(request: FastifyRequest): FileViewer {
  return { role: request.session.role, entryId: request.session.entryId };
}

/** Changes need a session; without one the client learns to ask for the password again (401). */
function requireSession(request: FastifyRequest): void {
  if (request.session.role === 'none') {
    throw new AppError('UNAUTHENTICATED', 'not logged in or session expired');
  }
}

/** Uploads (author and moderation) and the file URL's GET, PATCH and DELETE. */
export const fileRoutes: FastifyPluginAsyncTypebox<{
  contentTypes: ContentTypes;
  storage: FileStorage;
}> = async (app, options) => {
  const { contentTypes, storage } = options;
  // Only these routes take multipart bodies; the file is streamed, never buffered whole.
  await app.register(fastifyMultipart, {
    limits: { files: 1, fields: 4, fieldSize: 1024, parts: 8, headerPairs: 32 },
  });

  const upload = async (request: FastifyRequest, reply: FastifyReply, entryId: string) => {
    // A refusal before the body is read (413 from Content-Length, 415) leaves the rest to the
    // unread-bodies plugin: drained, or the connection closed when it is large.
    const by = changerOf(request);
    const quota = { maxFiles: app.config.maxFilesPerEntry, maxBytes: app.config.maxBytesPerEntry };
    const declared = Number(request.headers['content-length']);
    const limits = await prepareUpload(
      app.db,
      contentTypes,
      { maxFileSize: app.config.maxFileSize, allowedExtensions: app.config.allowedExtensions },
      entryId,
      by,
      quota,
      // The body holds the file and at most this much around it.
      Number.isFinite(declared) ? Math.max(0, declared - MULTIPART_OVERHEAD) : 0,
    );
    if (Number.isFinite(declared) && declared > limits.maxFileSize + MULTIPART_OVERHEAD) {
      throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${limits.maxFileSize} bytes`);
    }
    // One byte past the limit reaches storeUpload, whose meter answers 413 and cleans up.
    const part = await request.file({ limits: { fileSize: limits.maxFileSize + 1 } });
    if (!part || part.fieldname !== 'file') {
      throw new AppError('VALIDATION_FAILED', 'file: a multipart field "file" is required', [
        { field: 'file', keyword: 'required', message: 'required' },
      ]);
    }
    // A client that goes away mid-body leaves the part stream waiting forever; end it as failed.
    request.raw.once('close', () => {
      if (!request.raw.complete) part.file.destroy(new Error('the client closed the connection'));
    });
    const stored = await storeUpload({
      db: app.db,
      storage,
      entryId,
      filename: part.filename,
      stream: part.file,
      maxBytes: limits.maxFileSize,
      maxPixels: app.config.maxImagePixels,
      allowedExtensions: limits.allowedExtensions,
      by,
      quota,
    });
    return reply.code(201).header('Location', stored.url).send(stored);
  };

  const uploadSchema = (tag: string, summary: string) => ({
    tags: [tag],
    summary,
    description:
      'multipart/form-data with one part `file`. 201 with Location = the file URL. 413 past the size limit (answered before the body is read when Content-Length shows it), 415 for an extension not allowed or content that does not match it. 409 FILE_QUOTA_EXCEEDED when the entry holds as many files, or bytes of files, as it may (the message names the limit). 429 RATE_LIMITED with Retry-After past the uploads allowed per session and per client in a minute.',
    consumes: ['multipart/form-data'],
    params: EntryParams,
    response: { 201: StoredFileSchema, ...errors },
  });

  app.post(
    '/anon/:id/files',
    {
      preValidation: requireEntryAuthor,
      preHandler: rateQuota('upload'),
      schema: uploadSchema('author', "Upload a file to the author's entry"),
    },
    async (request, reply) => upload(request, reply, request.params.id),
  );

  app.post(
    '/admin/collection/entry/:id/files',
    {
      preValidation: requireRoleFirst('mod', 'admin'),
      preHandler: rateQuota('upload'),
      schema: uploadSchema('moderation', 'Upload a file to an entry'),
    },
    async (request, reply) => upload(request, reply, request.params.id),
  );

  const fileSchema = { params: FileParams };

  for (const path of ['/files/:id', '/files/:id/:name']) {
    app.get(
      path,
      {
        // Sent as stored: pictures and archives are compressed already, and a stream keeps its length.
        config: { compress: false },
        schema: {
          tags: ['files'],
          summary:
            "A file's content (images also as a WebP rendition: ?variant=preview); an unpublished entry's files only to its author and moderation",
          ...fileSchema,
          querystring: FileQuery,
          response: { 200: Type.Unknown(), ...errors },
        },
      },
      async (request, reply) => {
        const row = await getFile(app.db, request.params.id);
        const { isPublic } = await authorizeFile(app.db, row, viewerOf(request), 'read');
        // Public entries' images and files appear on readers' sites too (the public API's absolute URLs).
        if (isPublic) reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
        const variant = request.query.variant ?? 'original';
        const etag = `"${row.sha256.slice(0, 32)}-${variant}"`;
        reply
          .header('ETag', etag)
          .header('Cache-Control', 'private, no-cache')
          .header('X-Content-Type-Options', 'nosniff')
          // Whatever a file holds, it runs nothing when opened directly.
          .header(
            'Content-Security-Policy',
            "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
          );
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        const object = await openFile(storage, row, variant);
        const inline = INLINE_TYPES.has(object.contentType);
        return reply
          .header('Content-Type', object.contentType)
          .header('Content-Length', object.size)
          .header(
            'Content-Disposition',
            contentDisposition(row.name, { type: inline ? 'inline' : 'attachment' }),
          )
          .send(object.stream);
      },
    );

    app.patch(
      path,
      {
        schema: {
          tags: ['files'],
          summary:
            'Rename a file (name without extension; the extension stays); answers the file with its new URL',
          ...fileSchema,
          body: RenameBody,
          response: { 200: StoredFileSchema, ...errors },
        },
      },
      async (request) => {
        requireSession(request);
        const row = await getFile(app.db, request.params.id);
        await authorizeFile(app.db, row, viewerOf(request), 'change');
        return renameFile(app.db, row.id, request.body.name);
      },
    );

    app.delete(
      path,
      {
        schema: {
          tags: ['files'],
          summary: 'Remove a file',
          ...fileSchema,
          response: { 204: Type.Null(), ...errors },
        },
      },
      async (request, reply) => {
        requireSession(request);
        const row = await getFile(app.db, request.params.id);
        await authorizeFile(app.db, row, viewerOf(request), 'change');
        await removeFile(app.db, storage, row.id, changerOf(request));
        return reply.code(204).send(null);
      },
    );
  }
};
