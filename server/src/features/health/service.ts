import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { pingDatabase } from './repository.ts';

const PING_TIMEOUT_MS = 2000;

/** Whether the database answers a real query within two seconds. */
export async function isDatabaseHealthy(db: Kysely<Database>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([pingDatabase(db).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
