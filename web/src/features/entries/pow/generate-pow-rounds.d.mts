// Types of generate-pow-rounds.mjs, for the test that keeps pow-rounds.generated.ts current.

/** Where the generated rounds live. */
export const POW_ROUNDS_FILE: string;
/** The source of pow-rounds.generated.ts, formatted as the repository's Prettier settings ask. */
export function generatePowRounds(): Promise<string>;
