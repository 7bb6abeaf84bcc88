import Type from 'typebox';

/**
 * Second factors a login may ask for: a TOTP app's code, one of the account's recovery codes, or one
 * of its passkeys or security keys (WebAuthn).
 */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery_code', 'webauthn'] as const;
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
    /** How many passkeys or security keys the account has. */
    passkeys: Type.Integer({ minimum: 0 }),
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

/**
 * Passkeys and security keys (WebAuthn) an account has added as its second factor, by name. The
 * options and responses are WebAuthn's own JSON (base64url for bytes), as browsers' libraries read
 * and write it; the server checks them, so their schemas here only bound their size.
 */
export const PASSKEY_NAME_MAX = 64;
const PasskeyNameSchema = Type.String({ minLength: 1, maxLength: PASSKEY_NAME_MAX, pattern: '\\S' });

/** `GET admin/profile/passkeys`: the account's passkeys, the oldest first. */
export const PasskeySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type Passkey = Type.Static<typeof PasskeySchema>;
export const PasskeyListSchema = Type.Object({ data: Type.Array(PasskeySchema) });
export type PasskeyList = Type.Static<typeof PasskeyListSchema>;

/** WebAuthn options for the browser (`PublicKeyCredentialCreationOptionsJSON` or `…RequestOptionsJSON`). */
export const WebAuthnOptionsSchema = Type.Object({
  data: Type.Record(Type.String(), Type.Unknown()),
});
export type WebAuthnOptions = Type.Static<typeof WebAuthnOptionsSchema>;

const Base64Url = (max: number) => Type.String({ maxLength: max, pattern: '^[A-Za-z0-9_-]*={0,2}$' });

/** A browser's answer to WebAuthn options: `RegistrationResponseJSON` or `AuthenticationResponseJSON`. */
export const WebAuthnResponseSchema = Type.Object({
  id: Base64Url(1024),
  rawId: Base64Url(1024),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Base64Url(4096),
    attestationObject: Type.Optional(Base64Url(32768)),
    authenticatorData: Type.Optional(Base64Url(8192)),
    signature: Type.Optional(Base64Url(2048)),
    userHandle: Type.Optional(Base64Url(1024)),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 10 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(Base64Url(4096)),
  }),
  clientExtensionResults: Type.Record(Type.String(), Type.Unknown()),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 32 })),
});
export type WebAuthnResponse = Type.Static<typeof WebAuthnResponseSchema>;

/** `POST admin/profile/passkeys`: the browser's answer to the registration options, and a name for it. */
export const PasskeyCreateSchema = Type.Object(
  { name: PasskeyNameSchema, response: WebAuthnResponseSchema },
  { additionalProperties: false },
);
export type PasskeyCreate = Type.Static<typeof PasskeyCreateSchema>;
/** `PATCH admin/profile/passkeys/{id}`: a new name. */
export const PasskeyRenameSchema = Type.Object({ name: PasskeyNameSchema }, { additionalProperties: false });
/** `DELETE admin/profile/passkeys/{id}`: the password, as for turning TOTP off. */
export const PasskeyRemoveSchema = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);
