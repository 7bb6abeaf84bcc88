import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import * as repo from './repository.ts';

// The signing secret of CSRF tokens and proof-of-work challenges (DESIGN, wave 2: secrets). Instances
// that share a database share it: set by EINWURF_SECRET on every instance, or else generated once and
// kept in the database. A rotation keeps the replaced secret verifying until the next rotation, so
// tokens handed out just before it stay good.

type Db = Kysely<Database>;

const SIGNING = 'signing';
/** How often running instances look for a rotated secret. */
export const SECRET_REFRESH_MS = 30_000;

/** The secret that signs, and every secret that still verifies (the signing one first). */
export type SecretRing = {
  current(): string;
  verifying(): readonly string[];
  /** Reloads a secret kept in the database (another instance or the CLI may have rotated it). */
  refresh(): Promise<void>;
};

/** A ring of secrets given by the configuration (EINWURF_SECRET, EINWURF_SECRET_PREVIOUS). */
export function fixedSecrets(current: string, previous?: string): SecretRing {
  const all = previous === undefined ? [current] : [current, previous];
  return { current: () => current, verifying: () => all, refresh: async () => {} };
}

const newSecret = () => randomBytes(32).toString('base64url');

/** A secret an earlier version kept in `<dataDir>/secret`, adopted so its tokens stay good. */
async function secretFileOf(dataDir: string): Promise<string | undefined> {
  try {
    const value = (await readFile(path.join(dataDir, 'secret'), 'utf8')).trim();
    return value.length >= 16 ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ring of the secret kept in the database, created on first start (from an earlier version's
 * secret file in `dataDir` when there is one, else at random); `refresh` picks up rotations.
 */
export async function databaseSecrets(db: Db, options: { dataDir?: string } = {}): Promise<SecretRing> {
  let row = await repo.findSecret(db, SIGNING);
  if (!row) {
    const adopted = options.dataDir === undefined ? undefined : await secretFileOf(options.dataDir);
    await repo.insertSecretIfAbsent(db, {
      name: SIGNING,
      value: adopted ?? newSecret(),
      previous: null,
      rotated_at: Date.now(),
    });
    row = await repo.findSecret(db, SIGNING);
    if (!row) throw new Error('the signing secret could not be stored');
  }
  let current = row.value;
  let all: readonly string[] = row.previous === null ? [row.value] : [row.value, row.previous];
  return {
    current: () => current,
    verifying: () => all,
    async refresh() {
      const fresh = await repo.findSecret(db, SIGNING);
      if (!fresh) return;
      current = fresh.value;
      all = fresh.previous === null ? [fresh.value] : [fresh.value, fresh.previous];
    },
  };
}

/** Rotates the secret kept in the database (creating it first if need be); the old one still verifies. */
export async function rotateSigningSecret(db: Db, now = Date.now()): Promise<void> {
  await databaseSecrets(db);
  await repo.rotateSecret(db, SIGNING, newSecret(), now);
}
