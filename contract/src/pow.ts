import Type from 'typebox';
import { LOCALES, POW_DIFFICULTY_MAX, POW_DIFFICULTY_MIN } from './limits.ts';
import { POW_NONCE_PATTERN, POW_SOLUTION_PATTERN } from './pow-rule.ts';

// The proof-of-work's API schemas; the rule itself (pow-rule.ts) is free of TypeBox for the browser.
export * from './pow-rule.ts';

/** The claims of a challenge token (HS256 JWT) as `GET pow` issues them. */
export const PowClaimsSchema = Type.Object({
  jti: Type.String(),
  nonce: Type.String({ pattern: POW_NONCE_PATTERN }),
  difficulty: Type.Integer({ minimum: POW_DIFFICULTY_MIN, maximum: POW_DIFFICULTY_MAX }),
  iat: Type.Integer(),
  exp: Type.Integer({ description: 'expiry in epoch seconds' }),
});
export type PowClaims = Type.Static<typeof PowClaimsSchema>;

/** `GET pow`: a signed challenge token. */
export const PowChallengeSchema = Type.Object({
  data: Type.Object({ token: Type.String({ description: 'HS256 JWT holding nonce, difficulty, exp' }) }),
});
export type PowChallenge = Type.Static<typeof PowChallengeSchema>;

/** `POST pow` body, with the challenge token as `Authorization: Bearer …`. */
export const PowSubmissionSchema = Type.Object(
  {
    solution: Type.Union([
      Type.String({ pattern: POW_SOLUTION_PATTERN }),
      Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    ]),
    cpt: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ maxLength: 1024 }),
    language: Type.Optional(
      Type.Enum(LOCALES, {
        description: "the author's interface language; the entry remembers it (default de)",
      }),
    ),
  },
  { additionalProperties: false },
);
export type PowSubmission = Type.Static<typeof PowSubmissionSchema>;
