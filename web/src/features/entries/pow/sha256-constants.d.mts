// Types of sha256-constants.mjs. The values are unsigned; an Int32Array made from them holds the
// same 32 bits.

/** The 64 round constants K. */
export const SHA256_K: readonly number[];
/** The initial hash value H(0). */
export const SHA256_H: readonly number[];
