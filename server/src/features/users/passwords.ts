import { randomBytes } from 'node:crypto';

// The native argon2 library loads at the first hash or check, not at start: most starts and many
// requests never need it.
const argon2 = () => import('@node-rs/argon2');

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, two passes, one lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, OPTIONS);
}

/** Checks a password against a stored argon2 hash; a malformed hash counts as a mismatch. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await argon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// The hash of a random secret nobody knows, with the same parameters as real hashes, so checking
// against it costs what a real check costs, already on the first unknown name after a start.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$9NbAIWuebnBr35xwbh1fbA$qYe5s8XpEE1mWfDeLiKwZN2bHRKhac4IH/aXpP0mDII';

/** Spends as long as a real check, so an unknown name answers no faster than a wrong password. */
export async function verifyDummyPassword(password: string): Promise<false> {
  await verifyPassword(DUMMY_HASH, password);
  return false;
}

/** A strong random password: 24 characters of base64url (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
