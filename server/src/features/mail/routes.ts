import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, SettingsAnswerSchema, SettingsSchema } from '@einwurf/contract';
import { requireRoleFirst } from '../../plugins/sessions.ts';
import { auditContext } from '../audit/context.ts';
import { recordAuditAs } from '../audit/service.ts';
import { readSettings, writeSettings } from './service.ts';

const errors = { '4xx': ErrorBodySchema };

/** What admins set for the installation: whether notification mails carry the author's text. */
export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const adminOnly = { preValidation: requireRoleFirst('admin') };

  app.get(
    '/admin/settings',
    {
      ...adminOnly,
      schema: {
        tags: ['users'],
        summary: "The installation's settings",
        response: { 200: SettingsAnswerSchema, ...errors },
      },
    },
    async () => ({ data: await readSettings(app.db) }),
  );

  app.put(
    '/admin/settings',
    {
      ...adminOnly,
      schema: {
        tags: ['users'],
        summary: "Change the installation's settings",
        description:
          "mail_include_text: notification mails carry the author's text (the entry's body, the comment) besides the title; off by default, so mail servers and inboxes hold no more than the title.",
        body: SettingsSchema,
        response: { 200: SettingsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const before = await readSettings(app.db);
      await app.db.transaction().execute(async (trx) => {
        await writeSettings(trx, request.body);
        await recordAuditAs(trx, auditContext(request), {
          kind: 'settings.changed',
          target: { type: 'setting', id: 'installation' },
          details: { before, after: request.body },
        });
      });
      return { data: await readSettings(app.db) };
    },
  );
};
