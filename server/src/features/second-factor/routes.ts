import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  PasskeyCreateSchema,
  PasskeyListSchema,
  PasskeyRemoveSchema,
  PasskeyRenameSchema,
  PasskeySchema,
  WebAuthnOptionsSchema,
  RecoveryCodesSchema,
  SecondFactorProofSchema,
  SecondFactorStateSchema,
  TotpConfirmSchema,
  TotpSetupSchema,
} from '@einwurf/contract';
import { requireRoleFirst } from '../../plugins/sessions.ts';
import { publicOriginOf } from '../../plugins/public-reads.ts';
import { auditContext } from '../audit/context.ts';
import {
  finishPasskeyRegistration,
  listPasskeysOf,
  relyingPartyOf,
  removePasskey,
  renamePasskeyOf,
  startPasskeyRegistration,
} from './passkeys.ts';
import {
  confirmTotp,
  disableTotp,
  renewRecoveryCodes,
  resetSecondFactor,
  secondFactorState,
  startTotpSetup,
} from './service.ts';

const errors = { '4xx': ErrorBodySchema };

/** A staff account's second factor: its own on the profile; an admin may reset another's. */
export const secondFactorRoutes: FastifyPluginAsyncTypebox<{ required: boolean }> = async (app, options) => {
  const staffOnly = { preValidation: requireRoleFirst('mod', 'admin') };

  app.get(
    '/admin/profile/second-factor',
    {
      ...staffOnly,
      schema: {
        tags: ['users'],
        summary: 'Whether the signed-in account has a second factor, and how many recovery codes are left',
        response: { 200: SecondFactorStateSchema, ...errors },
      },
    },
    async (request) => secondFactorState(app.db, request.session, options.required),
  );

  app.post(
    '/admin/profile/totp',
    {
      ...staffOnly,
      schema: {
        tags: ['users'],
        summary: 'Start setting up an authenticator app: a new secret and its otpauth:// URI',
        description: '409 CONFLICT when a second factor is on already. PUT with the first code turns it on.',
        response: { 200: TotpSetupSchema, ...errors },
      },
    },
    async (request) => startTotpSetup(app.db, request.session),
  );

  app.put(
    '/admin/profile/totp',
    {
      ...staffOnly,
      schema: {
        tags: ['users'],
        summary:
          "Turn the second factor on with the app's first code; answers ten recovery codes, shown once",
        description:
          '401 SECOND_FACTOR_INVALID naming code when it is wrong (counted like a wrong password); 409 CONFLICT without a setup under way. Ends the account’s other sessions.',
        body: TotpConfirmSchema,
        response: { 200: RecoveryCodesSchema, ...errors },
      },
    },
    async (request) => ({
      data: {
        recovery_codes: await confirmTotp(
          app.db,
          app.limiter,
          request.session,
          request.body.code,
          auditContext(request),
        ),
      },
    }),
  );

  app.delete(
    '/admin/profile/totp',
    {
      ...staffOnly,
      schema: {
        tags: ['users'],
        summary: 'Turn the second factor off with the password and a current code',
        description:
          '400 naming password when it is wrong; 401 SECOND_FACTOR_INVALID naming code. Ends the account’s other sessions.',
        body: SecondFactorProofSchema,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await disableTotp(app.db, app.limiter, request.session, request.body, auditContext(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/profile/recovery-codes',
    {
      ...staffOnly,
      schema: {
        tags: ['users'],
        summary: 'New recovery codes (the old ones stop working), with the password and a current code',
        body: SecondFactorProofSchema,
        response: { 200: RecoveryCodesSchema, ...errors },
      },
    },
    async (request) => ({
      data: {
        recovery_codes: await renewRecoveryCodes(
          app.db,
          app.limiter,
          request.session,
          request.body,
          auditContext(request),
        ),
      },
    }),
  );

  const passkeyParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

  app.get(
    '/admin/profile/passkeys',
    {
      ...staffOnly,
      schema: {
        tags: ['users'],
        summary: "The signed-in account's passkeys and security keys, the oldest first",
        response: { 200: PasskeyListSchema, ...errors },
      },
    },
    async (request) => ({ data: await listPasskeysOf(app.db, request.session) }),
  );

  app.post(
    '/admin/profile/passkeys/options',
    {
      ...staffOnly,
      schema: {
        tags: ['users'],
        summary: 'Start adding a passkey or security key: WebAuthn creation options for the browser',
        description:
          'The challenge in them works once, for five minutes. The relying party is EINWURF_PUBLIC_URL, else the origin the request came to.',
        response: { 200: WebAuthnOptionsSchema, ...errors },
      },
    },
    async (request) => ({
      data: {
        ...(await startPasskeyRegistration(app.db, request.session, relyingPartyOf(publicOriginOf(request)))),
      },
    }),
  );

  app.post(
    '/admin/profile/passkeys',
    {
      ...staffOnly,
      schema: {
        tags: ['users'],
        summary: "Add a passkey or security key: the browser's answer to the options, and a name for it",
        description:
          '400 naming response when the answer does not verify (wrong or used challenge, other origin); 409 when the key is added already. Ends the account’s other sessions.',
        body: PasskeyCreateSchema,
        response: { 201: PasskeySchema, ...errors },
      },
    },
    async (request, reply) => {
      const passkey = await finishPasskeyRegistration(
        app.db,
        request.session,
        relyingPartyOf(publicOriginOf(request)),
        request.body,
        auditContext(request),
      );
      return reply.code(201).send(passkey);
    },
  );

  app.patch(
    '/admin/profile/passkeys/:id',
    {
      ...staffOnly,
      schema: {
        tags: ['users'],
        summary: 'Rename one of the account’s passkeys',
        params: passkeyParams,
        body: PasskeyRenameSchema,
        response: { 200: PasskeySchema, ...errors },
      },
    },
    async (request) => renamePasskeyOf(app.db, request.session, request.params.id, request.body.name),
  );

  app.delete(
    '/admin/profile/passkeys/:id',
    {
      ...staffOnly,
      schema: {
        tags: ['users'],
        summary: 'Remove one of the account’s passkeys, with the password',
        description:
          '400 naming password when it is wrong (counted like a wrong code). Ends the account’s other sessions; without TOTP and other keys the account logs in with its password alone again.',
        params: passkeyParams,
        body: PasskeyRemoveSchema,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await removePasskey(
        app.db,
        app.limiter,
        request.session,
        request.params.id,
        request.body.password,
        auditContext(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/admin/users/:username/second-factor',
    {
      preValidation: requireRoleFirst('admin'),
      schema: {
        tags: ['users'],
        summary:
          "Remove another account's second factor (it lost its phone and its recovery codes); its sessions end",
        params: Type.Object({ username: Type.String({ maxLength: 1024 }) }),
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await resetSecondFactor(app.db, request.params.username, auditContext(request));
      return reply.code(204).send(null);
    },
  );
};
