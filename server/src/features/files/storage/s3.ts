import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ByteMeter, assertKey, assertPrefix, notFound } from './meter.ts';
import type { FileStorage, PutOptions, PutResult, StorageUsage, StoredObject } from './types.ts';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, Garage…); AWS itself when absent. */
  endpoint?: string;
  /** With neither key, the SDK's default chain (environment, instance role) is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path instead of the host name, as most S3-compatible servers need. */
  forcePathStyle?: boolean;
  /** Put before every key, so one bucket can serve several installations (`einwurf/`). */
  keyPrefix?: string;
};

const PART_BYTES = 5 * 1024 * 1024;
const DELETE_CONCURRENCY = 8;

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** Builds the S3 client the driver uses; exported so a start-up check can reuse the settings. */
export function createS3Client(options: S3StorageOptions): S3Client {
  const config: S3ClientConfig = {
    region: options.region,
    forcePathStyle: options.forcePathStyle ?? false,
    // Checksums only where S3 demands them: the SDK's default (a CRC trailer on every upload) is
    // refused by many S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (options.endpoint !== undefined) config.endpoint = options.endpoint;
  if (options.accessKeyId !== undefined && options.secretAccessKey !== undefined) {
    config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
  }
  return new S3Client(config);
}

/**
 * Objects in an S3 bucket. Uploads stream through lib-storage's Upload (a single PUT below 5 MiB,
 * multipart above, at most two parts in memory); a failed upload never completes, and its
 * multipart upload is aborted, so no object appears.
 */
export function createS3Storage(options: S3StorageOptions, client = createS3Client(options)): FileStorage {
  const Bucket = options.bucket;
  const prefix = options.keyPrefix ?? '';

  async function listKeys(under: string, each: (key: string, size: number) => Promise<void> | void) {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: prefix + under, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key !== undefined) await each(object.Key, object.Size ?? 0);
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken !== undefined);
  }

  return {
    driver: 's3',

    async put(key: string, stream: Readable, { contentType, maxBytes }: PutOptions): Promise<PutResult> {
      assertKey(key);
      const meter = new ByteMeter(maxBytes);
      let streamError: unknown;
      const fed = pipeline(stream, meter).catch((error: unknown) => {
        streamError = error;
        throw error;
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key: prefix + key, Body: meter, ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await Promise.all([fed, upload.done()]);
      } catch (error) {
        stream.destroy();
        meter.destroy();
        await upload.abort().catch(() => {});
        await Promise.allSettled([fed]);
        // The stream's own failure (413, a client gone) says more than the SDK's report of it.
        throw streamError ?? error;
      }
      return { size: meter.bytes, sha256: meter.digest() };
    },

    async get(key: string): Promise<StoredObject> {
      assertKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: prefix + key }));
        if (!(object.Body instanceof Readable)) throw new Error('S3 answered a body that is not a stream');
        return {
          stream: object.Body,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isNotFound(error)) throw notFound();
        throw error;
      }
    },

    async delete(key: string): Promise<void> {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: prefix + key }));
    },

    // One DELETE per object rather than DeleteObjects: several S3-compatible servers lack the
    // batch call, and an entry has a handful of files.
    async deletePrefix(under: string): Promise<void> {
      assertPrefix(under);
      const keys: string[] = [];
      await listKeys(under, (key) => {
        keys.push(key);
      });
      for (let i = 0; i < keys.length; i += DELETE_CONCURRENCY) {
        await Promise.all(
          keys
            .slice(i, i + DELETE_CONCURRENCY)
            .map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))),
        );
      }
    },

    async check(signal?: AbortSignal): Promise<void> {
      await client.send(new HeadBucketCommand({ Bucket }), signal ? { abortSignal: signal } : {});
    },

    async usage(): Promise<StorageUsage> {
      let used = 0;
      await listKeys('', (_key, size) => {
        used += size;
      });
      return { used_bytes: used, free_bytes: null };
    },

    // A process that dies mid-upload leaves a multipart upload open (and billed); abort those.
    async sweep(before: number): Promise<number> {
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        const page = await client
          .send(new ListMultipartUploadsCommand({ Bucket, Prefix: prefix, KeyMarker, UploadIdMarker }))
          .catch((error: unknown) => {
            // Some S3-compatible servers lack the call; their buckets need a lifecycle rule instead.
            if ((error as { name?: string }).name === 'NotImplemented') return undefined;
            throw error;
          });
        if (!page) return removed;
        for (const open of page.Uploads ?? []) {
          if (!open.Key || !open.UploadId || (open.Initiated?.getTime() ?? 0) >= before) continue;
          await client.send(
            new AbortMultipartUploadCommand({ Bucket, Key: open.Key, UploadId: open.UploadId }),
          );
          removed += 1;
        }
        const more = page.IsTruncated === true;
        KeyMarker = more ? page.NextKeyMarker : undefined;
        UploadIdMarker = more ? page.NextUploadIdMarker : undefined;
      } while (KeyMarker !== undefined);
      return removed;
    },
  };
}
