import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  RecoveryCodesSchema,
  SecondFactorProofSchema,
  SecondFactorStateSchema,
  TotpConfirmSchema,
  TotpSetupSchema,
} from '@einwurf/contract';
import { requireRoleFirst } from '../../plugins/sessions.ts';
import { auditContext } from '../audit/context.ts';
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
