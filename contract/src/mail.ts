import Type from 'typebox';
import { LOCALES } from './limits.ts';
import { EMAIL_MAX_LENGTH, NOTIFICATION_EVENTS, NOTIFICATION_MODES } from './mail-rules.ts';

const ModeSchema = Type.Enum(NOTIFICATION_MODES);
const NotificationsSchema = Type.Object(
  Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, ModeSchema])) as Record<
    (typeof NOTIFICATION_EVENTS)[number],
    typeof ModeSchema
  >,
);

/** `GET admin/profile`: the signed-in account's address, mail language and notifications. */
export const ProfileSchema = Type.Object({
  data: Type.Object({
    username: Type.String(),
    role: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    language: Type.Enum(LOCALES),
    notifications: NotificationsSchema,
    /** Whether the server can send mail at all (EINWURF_SMTP_URL). */
    mail_enabled: Type.Boolean(),
  }),
});
export type Profile = Type.Static<typeof ProfileSchema>;

/**
 * `PATCH admin/profile`: any of the three. A new address (null: none) needs the current password.
 * The address is checked by the server (400 naming email), which answers the product's message.
 */
export const ProfileUpdateSchema = Type.Object(
  {
    email: Type.Optional(Type.Union([Type.String({ maxLength: EMAIL_MAX_LENGTH * 4 }), Type.Null()])),
    current_password: Type.Optional(Type.String({ maxLength: 4096 })),
    language: Type.Optional(Type.Enum(LOCALES)),
    notifications: Type.Optional(Type.Partial(NotificationsSchema, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type ProfileUpdate = Type.Static<typeof ProfileUpdateSchema>;

/** `GET, PUT admin/settings`: what admins set for the whole installation. */
export const SettingsSchema = Type.Object(
  {
    /** Mails carry the author's text (the entry's body, a comment) besides the title. */
    mail_include_text: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type Settings = Type.Static<typeof SettingsSchema>;
export const SettingsAnswerSchema = Type.Object({ data: SettingsSchema });
export type SettingsAnswer = Type.Static<typeof SettingsAnswerSchema>;
