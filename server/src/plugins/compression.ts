import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers from this size on are compressed on the fly; smaller ones gain less than they cost. */
export const COMPRESS_THRESHOLD = 1024;

/** application/json and the +json types (problem details, schemas). */
const JSON_TYPES = /^application\/(?:[\w.+-]+\+)?json\b/;

// The API's JSON answers (and the other compressible types: the reader's pages, feeds), brotli or gzip
// as the request's Accept-Encoding prefers, with `Vary: Accept-Encoding`. Routes that send files opt
// out with `compress: false`: the web app's files are compressed at build time (web-app.ts serves
// their .br/.gz siblings), and stored files (pictures, PDFs, archives) are sent as they were uploaded.
// Request bodies are never decompressed: the body limits count what arrives.
export default fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD,
      customTypes: JSON_TYPES,
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
