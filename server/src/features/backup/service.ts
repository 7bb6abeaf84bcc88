// Backup and restore (issue 15): one archive holding a consistent snapshot of the database, the
// uploaded files it references when they live on disk, and a manifest that says what is inside.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import type { Config, DatabaseTarget, FileStorage as FileStorageKind } from '../../config.ts';
import { createDatabase } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { VERSION } from '../../version.ts';
import { createConfiguredStorage, createDiskStorage } from '../files/storage/index.ts';
import { createArchiveWriter, hashFile, readArchive, writeHashing, type ArchivedItem } from './archive.ts';
import { BackupError, dumpPostgres, restorePostgres, snapshotSqlite } from './database-dump.ts';
import * as repo from './repository.ts';

export { BackupError } from './database-dump.ts';
export type { BackupCounts } from './repository.ts';

type Db = Kysely<Database>;
type Env = Readonly<Record<string, string | undefined>>;

export const BACKUP_FORMAT = 'einwurf-backup';
export const BACKUP_FORMAT_VERSION = 1;
const MANIFEST = 'manifest.json';
const FILES_DIR = 'files/';
const DATABASE_ENTRY = { sqlite: 'database.sqlite', postgres: 'database.pgdump' } as const;

/** What an archive holds; written last, since it carries the checksums of everything before it. */
export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  app_version: string;
  /** The last migration the archived database had applied. */
  schema_migration: string | null;
  dialect: DatabaseTarget['dialect'];
  storage: FileStorageKind;
  /** Whether the uploaded files are in the archive (disk storage) or elsewhere (database, S3). */
  files_archived: boolean;
  /** Where the signing secret lives: in the archived database, or EINWURF_SECRET (not archived). */
  secret: 'database' | 'environment';
  notes: string[];
  created_at: string;
  /** The rows a restore of this archive holds. */
  counts: repo.BackupCounts;
  /** Every archived item but the manifest, with its SHA-256. */
  contents: (ArchivedItem & { content_type?: string })[];
  /** Files removed from storage after the snapshot (their removal was committed meanwhile); a restore drops their rows. */
  removed_during_backup: { file_id: string; keys: string[] }[];
  /** Keys the snapshot and the live database both name, yet storage did not hold: already missing. */
  missing_in_storage: string[];
};

export type BackupReport = { file: string; size: number; manifest: BackupManifest };

/** Refuses a backup of a SQLite database that does not exist (opening it would create an empty one). */
export async function assertBackupSource(config: Config): Promise<void> {
  const target = config.database;
  if (
    target.dialect === 'sqlite' &&
    !(await stat(target.path).then(
      () => true,
      () => false,
    ))
  ) {
    throw new BackupError(
      `there is no SQLite database at ${target.path}: check EINWURF_DATA_DIR and DATABASE_URL`,
    );
  }
}

/**
 * Writes a backup of the configured installation to `file` (which must not exist) while it runs.
 *
 * Order: the database snapshot first, then every file the snapshot references. Copying the files
 * first would lose an upload acknowledged between the copy and the snapshot: the restored database
 * would name a file the archive lacks. After the snapshot, files written later are not needed (the
 * snapshot does not know them), and a file key is never reused with other bytes (keys carry a random
 * id). What can go wrong is a file removed between snapshot and copy: a deliberate removal (a
 * moderator or author removed it, or housekeeping purged an entry deleted longer than the retention
 * period, or a file its entry has not mentioned for a week). The file's row is then gone from the
 * live database too; the manifest lists it and a restore drops its row, so the restored state is
 * the snapshot plus those removals. A file missing while its row still exists was missing before
 * the backup; it is reported, not hidden.
 */
export async function createBackup(
  config: Config,
  env: Env,
  file: string,
  options: {
    liveDb: Db;
    /** Runs between the snapshot and the copy of the files (tests remove a file there). */
    afterSnapshot?: () => Promise<void>;
  },
): Promise<BackupReport> {
  const output = path.resolve(file);
  if (
    await stat(output).then(
      () => true,
      () => false,
    )
  ) {
    throw new BackupError(`${output} exists already; name a new file`);
  }
  await mkdir(path.dirname(output), { recursive: true });
  const work = await mkdtemp(path.join(path.dirname(output), '.einwurf-backup-'));
  const partial = `${output}.partial-${randomBytes(4).toString('hex')}`;
  try {
    const dialect = config.database.dialect;
    const dumpFile = path.join(work, DATABASE_ENTRY[dialect]);
    const snapshot =
      config.database.dialect === 'sqlite'
        ? await snapshotSqliteDatabase(config.database.path, dumpFile)
        : await snapshotPostgresDatabase(options.liveDb, config.database.url, dumpFile, env);

    await options.afterSnapshot?.();
    const writer = createArchiveWriter(partial);
    try {
      const contents: BackupManifest['contents'] = [];
      const dump = await hashFile(dumpFile);
      contents.push(await writer.add(DATABASE_ENTRY[dialect], dump.size, createReadStream(dumpFile)));
      await rm(dumpFile, { force: true });

      const removed: BackupManifest['removed_during_backup'] = [];
      const missing: string[] = [];
      if (config.fileStorage === 'disk') {
        const storage = createConfiguredStorage(config, options.liveDb);
        const absent: { fileId: string; key: string }[] = [];
        const absentIds = new Set<string>();
        for (const { fileId, key } of snapshot.keys) {
          if (absentIds.has(fileId)) continue;
          const object = await storage.get(key).catch((error: unknown) => {
            if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
            throw error;
          });
          if (!object) {
            absent.push({ fileId, key });
            absentIds.add(fileId);
            continue;
          }
          const item = await writer.add(`${FILES_DIR}${key}`, object.size, object.stream);
          contents.push({ ...item, content_type: object.contentType });
        }
        const stillThere = await repo.existingFileIds(
          options.liveDb,
          absent.map((a) => a.fileId),
        );
        for (const a of absent) {
          if (stillThere.has(a.fileId)) missing.push(a.key);
          else {
            // Its other key (original or preview) may have been archived before; a restore skips it.
            const keys = snapshot.keys.filter((k) => k.fileId === a.fileId).map((k) => k.key);
            removed.push({ file_id: a.fileId, keys });
          }
        }
      }

      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        format_version: BACKUP_FORMAT_VERSION,
        app_version: VERSION,
        schema_migration: snapshot.migration,
        dialect,
        storage: config.fileStorage,
        files_archived: config.fileStorage === 'disk',
        secret: config.secret === undefined ? 'database' : 'environment',
        notes: manifestNotes(config),
        created_at: new Date(snapshot.takenAt).toISOString(),
        counts: { ...snapshot.counts, files: snapshot.counts.files - removed.length },
        contents,
        removed_during_backup: removed,
        missing_in_storage: missing,
      };
      await writer.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2) + '\n'));
      await writer.close();
      await rename(partial, output);
      return { file: output, size: (await stat(output)).size, manifest };
    } catch (error) {
      await writer.abort();
      throw error;
    }
  } finally {
    await rm(partial, { force: true });
    await rm(work, { recursive: true, force: true });
  }
}

function manifestNotes(config: Config): string[] {
  const notes: string[] = [];
  notes.push(
    config.secret === undefined
      ? 'The signing secret is kept in the database and is in this archive.'
      : 'EINWURF_SECRET is set: the signing secret is not in this archive; keep it with the configuration.',
  );
  if (config.fileStorage === 'database')
    notes.push('FILE_STORAGE=database: the files are inside the database dump.');
  if (config.fileStorage === 's3') {
    notes.push(
      "FILE_STORAGE=s3: the files stay in the bucket and are not in this archive; keep them with the bucket's own versioning.",
    );
  }
  return notes;
}

type Snapshot = {
  takenAt: number;
  counts: repo.BackupCounts;
  migration: string | null;
  keys: { fileId: string; key: string }[];
};

async function readSnapshot(db: Db, takenAt: number): Promise<Snapshot> {
  return {
    takenAt,
    counts: await repo.countBackupRows(db),
    migration: await repo.lastMigration(db),
    keys: await repo.listStoredKeys(db),
  };
}

async function snapshotSqliteDatabase(source: string, target: string): Promise<Snapshot> {
  const takenAt = Date.now();
  await snapshotSqlite(source, target);
  // The copy is read where it lies: what it counts is what the archive holds.
  const copy = createDatabase({ dialect: 'sqlite', path: target });
  try {
    return await readSnapshot(copy, takenAt);
  } finally {
    await copy.destroy();
  }
}

/**
 * pg_dump reads the snapshot a repeatable-read transaction exports, and the same transaction counts
 * the rows and lists the files, so manifest and dump agree to the row under a write load.
 */
async function snapshotPostgresDatabase(db: Db, url: string, target: string, env: Env): Promise<Snapshot> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const takenAt = Date.now();
      const exported = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
      const dumped = dumpPostgres(url, target, env, exported.rows[0]!.id);
      // Observed at once: the reads below may take a while, the dump may fail meanwhile.
      dumped.catch(() => {});
      const snapshot = await readSnapshot(trx, takenAt);
      await dumped;
      return snapshot;
    });
}

export type RestoreReport = {
  manifest: BackupManifest;
  /** The rows counted in the restored database. */
  counts: repo.BackupCounts;
  filesRestored: number;
  warnings: string[];
};

/** What is in the target already; empty arrays for an empty target. */
async function describeTarget(config: Config): Promise<string[]> {
  const found: string[] = [];
  const target = config.database;
  const exists =
    target.dialect === 'postgres' ||
    (await stat(target.path).then(
      () => true,
      () => false,
    ));
  if (exists) {
    const db = createDatabase(target);
    try {
      const tables = await repo.listTables(db);
      if (tables.length > 0) found.push(`the database holds ${tables.length} tables`);
    } finally {
      await db.destroy();
    }
  }
  if (config.fileStorage === 'disk') {
    const names = await readdir(path.join(config.dataDir, 'files')).catch(() => [] as string[]);
    if (names.some((name) => !name.startsWith('.')))
      found.push(`${path.join(config.dataDir, 'files')} holds files`);
  }
  return found;
}

async function clearTarget(config: Config): Promise<void> {
  const target = config.database;
  if (target.dialect === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm', '-journal'])
      await rm(`${target.path}${suffix}`, { force: true });
  } else {
    const db = createDatabase(target);
    try {
      await repo.dropSchemaObjects(db);
    } finally {
      await db.destroy();
    }
  }
  if (config.fileStorage === 'disk')
    await rm(path.join(config.dataDir, 'files'), { recursive: true, force: true });
}

function parseManifest(bytes: Buffer): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as BackupManifest;
  } catch {
    throw new BackupError("the archive's manifest.json is not JSON");
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError('this is not an Einwurf backup (manifest.json)');
  if (manifest.format_version > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `the archive has format ${manifest.format_version}; this version (${VERSION}) reads up to ${BACKUP_FORMAT_VERSION}: restore with a newer Einwurf`,
    );
  }
  return manifest;
}

/**
 * Restores an archive into the configured installation, which must be empty (no tables, no files)
 * unless `force`, which replaces what is there. Nothing in the target changes before the whole
 * archive is read and every item matches the manifest's size and checksum. The server must not run
 * against the target meanwhile.
 */
export async function restoreBackup(
  config: Config,
  env: Env,
  file: string,
  options: { force: boolean },
): Promise<RestoreReport> {
  const archive = path.resolve(file);
  if (
    !(await stat(archive).then(
      (s) => s.isFile(),
      () => false,
    ))
  )
    throw new BackupError(`there is no file ${archive}`);
  const present = await describeTarget(config);
  if (present.length > 0 && !options.force) {
    throw new BackupError(
      `the target is not empty (${present.join('; ')}): restore into an empty data dir or database, or pass --force to replace what is there`,
    );
  }

  await mkdir(config.dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    const staged = createDiskStorage({ dir: path.join(staging, 'files') });
    const found = new Map<string, { size: number; sha256: string }>();
    let manifestBytes: Buffer | undefined;
    await readArchive(archive, async (name, _size, stream) => {
      if (name === MANIFEST) {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk);
        manifestBytes = Buffer.concat(chunks);
      } else if (name === DATABASE_ENTRY.sqlite || name === DATABASE_ENTRY.postgres) {
        found.set(name, await writeHashing(stream, path.join(staging, name)));
      } else if (name.startsWith(FILES_DIR)) {
        const { size, sha256 } = await staged.put(name.slice(FILES_DIR.length), Readable.from(stream), {
          contentType: 'application/octet-stream',
        });
        found.set(name, { size, sha256 });
      } else {
        for await (const chunk of stream) void chunk;
      }
    });
    if (manifestBytes === undefined) {
      throw new BackupError(
        'the archive has no manifest.json: it is not an Einwurf backup, or it was cut short',
      );
    }
    const manifest = parseManifest(manifestBytes);
    for (const item of manifest.contents) {
      const got = found.get(item.path);
      if (!got) throw new BackupError(`the archive lacks ${item.path}, which its manifest lists`);
      if (got.size !== item.size || got.sha256 !== item.sha256) {
        throw new BackupError(
          `${item.path} does not match its checksum in the manifest: the archive is damaged`,
        );
      }
    }
    if (manifest.dialect !== config.database.dialect) {
      throw new BackupError(
        `the archive holds a ${manifest.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database, DATABASE_URL names ${config.database.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: restore into the same kind`,
      );
    }
    const warnings: string[] = [];
    if (manifest.storage === 'database' && config.fileStorage !== 'database') {
      warnings.push(
        "the archive's files are in its database (FILE_STORAGE=database): set FILE_STORAGE=database to serve them",
      );
    }
    if (manifest.storage === 's3') {
      warnings.push(
        'the archive holds no files (FILE_STORAGE=s3): they are in the bucket; restore it from its versioning if need be',
      );
    }
    if (manifest.secret === 'environment') {
      warnings.push(
        'the archive was made with EINWURF_SECRET set: set the same EINWURF_SECRET on the restored installation',
      );
    }
    for (const key of manifest.missing_in_storage)
      warnings.push(`the file ${key} was already missing when the backup was made`);

    if (present.length > 0) await clearTarget(config);
    const dumpName = DATABASE_ENTRY[manifest.dialect];
    const target = config.database;
    if (target.dialect === 'sqlite') {
      await mkdir(path.dirname(target.path), { recursive: true });
      await copyFile(path.join(staging, dumpName), `${target.path}.restoring`);
      await rename(`${target.path}.restoring`, target.path);
    } else {
      await restorePostgres(target.url, path.join(staging, dumpName), env);
    }

    const db = createDatabase(target);
    try {
      await repo.deleteFileRows(
        db,
        manifest.removed_during_backup.map((r) => r.file_id),
      );
      let filesRestored = 0;
      const skipped = new Set(
        manifest.removed_during_backup.flatMap((r) => r.keys.map((k) => `${FILES_DIR}${k}`)),
      );
      const files = manifest.contents.filter(
        (item) => item.path.startsWith(FILES_DIR) && !skipped.has(item.path),
      );
      if (files.length > 0) {
        const storage = createConfiguredStorage(config, db);
        for (const item of files) {
          const key = item.path.slice(FILES_DIR.length);
          const object = await staged.get(key);
          const put = await storage.put(key, object.stream, {
            contentType: item.content_type ?? 'application/octet-stream',
          });
          if (put.sha256 !== item.sha256) throw new BackupError(`${key} changed while it was restored`);
          filesRestored += 1;
        }
      }
      const counts = await repo.countBackupRows(db);
      const migration = await repo.lastMigration(db);
      if (migration !== manifest.schema_migration) {
        throw new BackupError(
          `the restored database's last migration is ${migration ?? 'none'}, the manifest says ${manifest.schema_migration ?? 'none'}`,
        );
      }
      return { manifest, counts, filesRestored, warnings };
    } finally {
      await db.destroy();
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Whether the restored counts are the manifest's. */
export function countsMatch(a: repo.BackupCounts, b: repo.BackupCounts): boolean {
  return a.entries === b.entries && a.comments === b.comments && a.files === b.files && a.users === b.users;
}
