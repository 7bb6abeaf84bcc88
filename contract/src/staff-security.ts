import Type from 'typebox';

/** Second factors a login may ask for: a TOTP app's code, or one of the account's recovery codes. */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery_code'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];
/** Recovery codes an account gets at once; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/** `GET admin/profile/sessions`: the signed-in account's open sessions, the newest first. */
export const StaffSessionSchema = Type.Object({
  id: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Type.String({ format: 'date-time' }),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  /** The session this request came with. */
  current: Type.Boolean(),
});
export type StaffSession = Type.Static<typeof StaffSessionSchema>;
export const StaffSessionListSchema = Type.Object({ data: Type.Array(StaffSessionSchema) });
export type StaffSessionList = Type.Static<typeof StaffSessionListSchema>;

/** `GET admin/profile/second-factor`: what protects the signed-in account besides its password. */
export const SecondFactorStateSchema = Type.Object({
  data: Type.Object({
    totp: Type.Boolean(),
    recovery_codes_left: Type.Integer({ minimum: 0 }),
    /** Whether the installation requires a second factor of every staff account. */
    required: Type.Boolean(),
  }),
});
export type SecondFactorState = Type.Static<typeof SecondFactorStateSchema>;

/** `POST admin/profile/totp`: a new secret to add to an authenticator app; confirmed by `PUT` with a code. */
export const TotpSetupSchema = Type.Object({
  data: Type.Object({
    secret: Type.String({ description: 'base32, for typing into the app' }),
    uri: Type.String({ description: 'otpauth:// URI, for a QR code' }),
  }),
});
export type TotpSetup = Type.Static<typeof TotpSetupSchema>;

const CodeSchema = Type.String({ minLength: 1, maxLength: 64 });

/** `PUT admin/profile/totp`: the app's first code turns the second factor on. */
export const TotpConfirmSchema = Type.Object({ code: CodeSchema }, { additionalProperties: false });
/** `DELETE admin/profile/totp`, `POST admin/profile/recovery-codes`: the password and a current code. */
export const SecondFactorProofSchema = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024 }), code: CodeSchema },
  { additionalProperties: false },
);
export type SecondFactorProof = Type.Static<typeof SecondFactorProofSchema>;

/** The new recovery codes, shown once. */
export const RecoveryCodesSchema = Type.Object({
  data: Type.Object({ recovery_codes: Type.Array(Type.String()) }),
});
export type RecoveryCodes = Type.Static<typeof RecoveryCodesSchema>;
