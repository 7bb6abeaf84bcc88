import Type from 'typebox';
import { WebAuthnResponseSchema } from './staff-security.ts';

export * from './roles.ts';

export const AuthStateSchema = Type.Object({
  // Spelled out: a mapped array would type as TLiteral<Role>[] and make Static<…>['role'] never.
  role: Type.Enum(['none', 'anon', 'mod', 'admin']),
  ttl: Type.Integer({ description: 'session expiry in epoch seconds; 0 without a session' }),
  username: Type.Optional(Type.String({ description: 'the account name, for moderation sessions only' })),
  second_factor_setup_required: Type.Optional(
    Type.Literal(true, {
      description:
        'the installation requires a second factor and this account has none: every admin call but the profile answers 403 SECOND_FACTOR_SETUP_REQUIRED until it is set up',
    }),
  ),
  logout_url: Type.Optional(
    Type.String({
      description:
        "after a logout of a session started through single sign-on: the provider's logout page, for the browser to go to (ends the session there too)",
    }),
  ),
});
export type AuthState = Type.Static<typeof AuthStateSchema>;

/** `GET auth/login-options`: how staff may log in here. */
export const LoginOptionsSchema = Type.Object({
  /** Whether the name-and-password form is offered. */
  password_login: Type.Boolean(),
  /** Single sign-on through the organisation's provider: the name on its button; null: none. */
  sso: Type.Union([Type.Object({ name: Type.String() }), Type.Null()]),
});
export type LoginOptions = Type.Static<typeof LoginOptionsSchema>;

export const ModeratorLoginSchema = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    code: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'the second factor: a TOTP code or a recovery code, when the account has one',
      }),
    ),
    /** The second factor: a passkey's answer to the options SECOND_FACTOR_REQUIRED gave (`params.webauthn`). */
    webauthn: Type.Optional(WebAuthnResponseSchema),
  },
  { additionalProperties: false },
);
export const AuthorLoginSchema = Type.Object(
  {
    cpt: Type.String({ minLength: 1, maxLength: 64 }),
    article_id: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export const LoginSchema = Type.Union([ModeratorLoginSchema, AuthorLoginSchema]);
export type ModeratorLogin = Type.Static<typeof ModeratorLoginSchema>;
export type AuthorLogin = Type.Static<typeof AuthorLoginSchema>;
