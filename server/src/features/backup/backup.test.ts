import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli.ts';
import { recordingIo as io } from '../../test/cli-io.ts';
import { DEFAULT_ALLOWED_EXTENSIONS } from '../../config.ts';
import { createDatabase } from '../../db/database.ts';
import { testDatabases, type TestDatabaseHandle } from '../../test/db.ts';
import { insertTestEntry, TEST_MODERATOR } from '../../test/entries.ts';
import { FIXTURES, readAll, streamOf, twoHalves } from '../../test/files.ts';
import { addComment } from '../comments/service.ts';
import { removeFile, storeUpload } from '../files/service.ts';
import { createDiskStorage } from '../files/storage/index.ts';
import { loadConfig } from '../../config.ts';
import { createBackup, restoreBackup, type BackupManifest } from './service.ts';
import { readArchive } from './archive.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What the write load had acknowledged, with the time each write's promise resolved. */
type Acknowledged = { entries: [string, number][]; comments: [number, number][]; files: [string, number][] };

describe.each(testDatabases())('backup and restore on $name', (target) => {
  let database: TestDatabaseHandle;
  let dataDir: string;
  let workDir: string;
  let env: Record<string, string | undefined>;
  const acknowledged: Acknowledged = { entries: [], comments: [], files: [] };
  let backupStartedAt = 0;
  let archive: string;
  let backupOutput: string;

  beforeAll(async () => {
    database = await target.create();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-backup-data-'));
    workDir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-backup-work-'));
    env = {
      DATABASE_URL: database.url,
      EINWURF_DATA_DIR: dataDir,
      FILE_STORAGE: 'disk',
      PATH: process.env['PATH'],
    };
    archive = path.join(workDir, 'einwurf.tar.gz');
  });
  afterAll(async () => {
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
    await rm(workDir, { recursive: true, force: true });
  });

  it('takes a backup while entries, comments and files are written and removed', async () => {
    const db = database.db;
    const storage = createDiskStorage({ dir: path.join(dataDir, 'files') });
    const upload = async (entryId: string, filename: string, bytes: Buffer) =>
      storeUpload({
        db,
        storage,
        entryId,
        filename,
        stream: streamOf(bytes),
        maxBytes: 10_000_000,
        maxPixels: 40_000_000,
        allowedExtensions: DEFAULT_ALLOWED_EXTENSIONS,
        by: TEST_MODERATOR,
        quota: { maxFiles: 1000, maxBytes: 1e12 },
      });
    // An image, so previews are archived too.
    const first = await insertTestEntry(db, { title: 'Mit Bild' });
    const image = await upload(first.data.id, 'bild.png', await twoHalves('png'));
    acknowledged.entries.push([first.data.id, Date.now()]);
    acknowledged.files.push([image.id, Date.now()]);

    let running = true;
    const removable: string[] = [];
    const load = (async () => {
      for (let i = 0; running && i < 2000; i++) {
        const entry = await insertTestEntry(db, { title: `Last ${i}` });
        acknowledged.entries.push([entry.data.id, Date.now()]);
        const comment = await addComment(
          db,
          entry.data.id,
          { title: 'Frage', content: `Nr. ${i}` },
          TEST_MODERATOR,
        );
        acknowledged.comments.push([comment.id, Date.now()]);
        if (i % 2 === 0) {
          const file = await upload(
            entry.data.id,
            `notiz-${i}.txt`,
            Buffer.concat([FIXTURES.txt(), Buffer.from(`${i}\n`)]),
          );
          if (i % 6 === 0) removable.push(file.id);
          else acknowledged.files.push([file.id, Date.now()]);
        }
        // Removals during the backup: a file the snapshot names may be gone when it is copied.
        if (i % 5 === 4 && removable.length > 0)
          await removeFile(db, storage, removable.shift()!, TEST_MODERATOR);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    backupStartedAt = Date.now();
    const out = io(env);
    const code = await runCli(['backup', archive], out);
    const writesDuringBackup = acknowledged.entries.filter(([, at]) => at >= backupStartedAt).length;
    running = false;
    await load;
    expect(out.stderr).toBe('');
    expect(code).toBe(0);
    backupOutput = out.stdout;
    expect(out.stdout).toMatch(/^backup written to .*einwurf\.tar\.gz/);
    expect(out.stdout).toMatch(/counts: +entries \d+, comments \d+, files \d+, users \d+/);
    // The load really ran while the backup did.
    expect(writesDuringBackup).toBeGreaterThan(0);
  });

  it('writes a manifest with versions, counts and a checksum per archived item', async () => {
    let manifest: BackupManifest | undefined;
    const items = new Map<string, string>();
    await readArchive(archive, async (name, _size, stream) => {
      const bytes = await readAll(stream as never);
      if (name === 'manifest.json') manifest = JSON.parse(bytes.toString('utf8')) as BackupManifest;
      else items.set(name, sha256(bytes));
    });
    expect(manifest).toMatchObject({
      format: 'einwurf-backup',
      format_version: 1,
      dialect: target.name,
      storage: 'disk',
      files_archived: true,
      secret: 'database',
    });
    expect(manifest!.app_version).toMatch(/^\d+\.\d+\.\d+/);
    expect(manifest!.schema_migration).toMatch(/^2026-/);
    expect(manifest!.contents.length).toBe(items.size);
    for (const item of manifest!.contents) expect(items.get(item.path), item.path).toBe(item.sha256);
    expect([...items.keys()]).toContain(target.name === 'sqlite' ? 'database.sqlite' : 'database.pgdump');
    // Originals and at least the image's preview.
    expect(manifest!.contents.filter((item) => item.path.startsWith('files/')).length).toBeGreaterThan(
      manifest!.counts.files,
    );
    expect(manifest!.counts.entries).toBeGreaterThanOrEqual(
      acknowledged.entries.filter(([, at]) => at < backupStartedAt).length,
    );
  });

  it('restores into a fresh installation with every write acknowledged before the backup', async () => {
    const freshDir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-restore-'));
    const fresh = target.name === 'postgres' ? await target.create({ migrate: false }) : undefined;
    try {
      const freshEnv = {
        EINWURF_DATA_DIR: freshDir,
        FILE_STORAGE: 'disk',
        PATH: process.env['PATH'],
        ...(fresh ? { DATABASE_URL: fresh.url } : {}),
      };
      const out = io(freshEnv);
      expect(await runCli(['restore', archive], out), out.stderr).toBe(0);
      expect(out.stdout).toMatch(/manifest: +entries (\d+), comments (\d+), files (\d+), users (\d+)/);
      expect(out.stdout).toMatch(/counts match the manifest/);
      const manifestCounts = /manifest: +(.*)\n/.exec(out.stdout)![1];
      expect(out.stdout).toContain(`restored: ${manifestCounts}`);
      // The backup's own report named the same counts.
      expect(backupOutput).toContain(manifestCounts);

      const restored = createDatabase(
        fresh
          ? { dialect: 'postgres', url: fresh.url }
          : { dialect: 'sqlite', path: path.join(freshDir, 'einwurf.sqlite') },
      );
      try {
        const before = <T>(list: [T, number][]) =>
          list.filter(([, at]) => at < backupStartedAt).map(([id]) => id);
        const entryIds = new Set(
          (await restored.selectFrom('entries').select('id').execute()).map((r) => r.id),
        );
        for (const id of before(acknowledged.entries)) expect(entryIds.has(id), `entry ${id}`).toBe(true);
        const commentIds = new Set(
          (await restored.selectFrom('comments').select('id').execute()).map((r) => r.id),
        );
        for (const id of before(acknowledged.comments))
          expect(commentIds.has(id), `comment ${id}`).toBe(true);
        const files = await restored.selectFrom('files').selectAll().execute();
        const fileIds = new Set(files.map((f) => f.id));
        for (const id of before(acknowledged.files)) expect(fileIds.has(id), `file ${id}`).toBe(true);
        // Every restored file row has its content, byte for byte what was uploaded.
        const storage = createDiskStorage({ dir: path.join(freshDir, 'files') });
        for (const file of files) {
          const bytes = await readAll((await storage.get(file.key)).stream);
          expect(sha256(bytes), file.name).toBe(file.sha256);
          if (file.preview_key)
            expect((await readAll((await storage.get(file.preview_key)).stream)).length).toBeGreaterThan(0);
        }
        expect(files.some((f) => f.preview_key !== null)).toBe(true);
      } finally {
        await restored.destroy();
      }

      // A second restore finds the target in use.
      const again = io(freshEnv);
      expect(await runCli(['restore', archive], again)).toBe(1);
      expect(again.stderr).toMatch(/the target is not empty .* pass --force to replace what is there/);
      const forced = io(freshEnv);
      expect(await runCli(['restore', archive, '--force'], forced), forced.stderr).toBe(0);
      expect(forced.stdout).toMatch(/counts match the manifest/);
    } finally {
      await fresh?.destroy();
      await rm(freshDir, { recursive: true, force: true });
    }
  });

  it('refuses an existing output file, a damaged archive and one of the other database kind', async () => {
    const exists = io(env);
    expect(await runCli(['backup', archive], exists)).toBe(1);
    expect(exists.stderr).toMatch(/exists already/);

    const damaged = path.join(workDir, 'damaged.tar.gz');
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(archive);
    await writeFile(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const freshDir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-restore-'));
    try {
      const out = io({ EINWURF_DATA_DIR: freshDir, PATH: process.env['PATH'] });
      if (target.name === 'sqlite') {
        expect(await runCli(['restore', damaged], out)).toBe(1);
        expect(out.stderr).toMatch(/einwurf: /);
      } else {
        // A PostgreSQL archive into a SQLite installation.
        expect(await runCli(['restore', archive], out)).toBe(1);
        expect(out.stderr).toMatch(/holds a PostgreSQL database, DATABASE_URL names SQLite/);
      }
      // Nothing was written into the target.
      const { readdir } = await import('node:fs/promises');
      expect((await readdir(freshDir)).filter((name) => !name.startsWith('.'))).toEqual([]);
    } finally {
      await rm(freshDir, { recursive: true, force: true });
    }
  });

  it('leaves out a file removed between the snapshot and its copy, on restore too', async () => {
    const db = database.db;
    const storage = createDiskStorage({ dir: path.join(dataDir, 'files') });
    const entry = await insertTestEntry(db, { title: 'Gleich weg' });
    const stored = async (name: string) =>
      storeUpload({
        db,
        storage,
        entryId: entry.data.id,
        filename: name,
        stream: streamOf(FIXTURES.txt()),
        maxBytes: 10_000_000,
        maxPixels: 40_000_000,
        allowedExtensions: DEFAULT_ALLOWED_EXTENSIONS,
        by: TEST_MODERATOR,
        quota: { maxFiles: 1000, maxBytes: 1e12 },
      });
    const gone = await stored('gone.txt');
    const kept = await stored('kept.txt');
    const file = path.join(workDir, 'removed-meanwhile.tar.gz');
    const config = loadConfig(env);
    const { manifest } = await createBackup(config, env, file, {
      liveDb: db,
      afterSnapshot: () => removeFile(db, storage, gone.id, TEST_MODERATOR),
    });
    expect(manifest.removed_during_backup).toEqual([
      { file_id: gone.id, keys: [expect.stringContaining(gone.id)] },
    ]);
    expect(manifest.missing_in_storage).toEqual([]);

    const freshDir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-restore-'));
    const fresh = target.name === 'postgres' ? await target.create({ migrate: false }) : undefined;
    try {
      const freshEnv = {
        EINWURF_DATA_DIR: freshDir,
        PATH: process.env['PATH'],
        ...(fresh ? { DATABASE_URL: fresh.url } : {}),
      };
      const report = await restoreBackup(loadConfig(freshEnv), freshEnv, file, { force: false });
      expect(report.counts).toEqual(manifest.counts);
      const restored = createDatabase(
        fresh
          ? { dialect: 'postgres', url: fresh.url }
          : { dialect: 'sqlite', path: path.join(freshDir, 'einwurf.sqlite') },
      );
      try {
        const ids = (await restored.selectFrom('files').select('id').execute()).map((r) => r.id);
        expect(ids).toContain(kept.id);
        expect(ids).not.toContain(gone.id);
      } finally {
        await restored.destroy();
      }
    } finally {
      await fresh?.destroy();
      await rm(freshDir, { recursive: true, force: true });
    }
  });

  it.runIf(target.name === 'postgres')('names pg_dump when it is not installed', async () => {
    const out = io({ ...env, PATH: '/nonexistent' });
    expect(await runCli(['backup', path.join(workDir, 'no-tools.tar.gz')], out)).toBe(1);
    expect(out.stderr).toMatch(/pg_dump was not found on PATH: install the PostgreSQL client tools/);
  });
});
