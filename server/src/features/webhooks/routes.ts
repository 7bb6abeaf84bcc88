import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  WebhookDeliveryAnswerSchema,
  WebhookDeliveryListSchema,
  WebhookEndpointAnswerSchema,
  WebhookEndpointCreateSchema,
  WebhookEndpointCreatedSchema,
  WebhookEndpointListSchema,
  WebhookEndpointUpdateSchema,
} from '@einwurf/contract';
import { requireRoleFirst } from '../../plugins/sessions.ts';
import { auditContext } from '../audit/context.ts';
import type { WebhookSender } from './sender.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  pingWebhookEndpoint,
  redeliverWebhook,
  updateWebhookEndpoint,
} from './service.ts';

const errors = { '4xx': ErrorBodySchema };
const EndpointParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const DeliveryParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  delivery: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});

/** Webhook endpoints and their deliveries: admins only. */
export const webhookRoutes: FastifyPluginAsyncTypebox<{ sender: WebhookSender }> = async (app, options) => {
  const adminOnly = { preValidation: requireRoleFirst('admin') };
  const allowPrivate = () => ({ allowPrivate: app.config.webhookAllowPrivate });

  app.get(
    '/admin/webhooks',
    {
      ...adminOnly,
      schema: {
        tags: ['webhooks'],
        summary: 'Every webhook endpoint, oldest first (without secrets)',
        response: { 200: WebhookEndpointListSchema, ...errors },
      },
    },
    async () => ({ data: await listWebhookEndpoints(app.db) }),
  );

  app.post(
    '/admin/webhooks',
    {
      ...adminOnly,
      schema: {
        tags: ['webhooks'],
        summary: 'Create an endpoint; the answer carries its signing secret, shown this once',
        description:
          '400 VALIDATION_FAILED naming url when it is not http(s), or its host is or resolves to a non-public address (unless EINWURF_WEBHOOK_ALLOW_PRIVATE=true).',
        body: WebhookEndpointCreateSchema,
        response: { 201: WebhookEndpointCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const endpoint = await createWebhookEndpoint(app.db, request.body, {
        ...allowPrivate(),
        audit: auditContext(request),
      });
      return reply.code(201).header('location', `${request.url}/${endpoint.id}`).send({ data: endpoint });
    },
  );

  app.patch(
    '/admin/webhooks/:id',
    {
      ...adminOnly,
      schema: {
        tags: ['webhooks'],
        summary: 'Change an endpoint; enabled: true enables it again after it was disabled',
        params: EndpointParams,
        body: WebhookEndpointUpdateSchema,
        response: { 200: WebhookEndpointAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      data: await updateWebhookEndpoint(app.db, request.params.id, request.body, {
        ...allowPrivate(),
        audit: auditContext(request),
      }),
    }),
  );

  app.delete(
    '/admin/webhooks/:id',
    {
      ...adminOnly,
      schema: {
        tags: ['webhooks'],
        summary: 'Delete an endpoint with its deliveries',
        params: EndpointParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteWebhookEndpoint(app.db, request.params.id, auditContext(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/webhooks/:id/deliveries',
    {
      ...adminOnly,
      schema: {
        tags: ['webhooks'],
        summary: "An endpoint's latest deliveries, newest first, each with its attempts",
        params: EndpointParams,
        response: { 200: WebhookDeliveryListSchema, ...errors },
      },
    },
    async (request) => ({ data: await listWebhookDeliveries(app.db, request.params.id) }),
  );

  app.post(
    '/admin/webhooks/:id/deliveries/:delivery/redeliver',
    {
      ...adminOnly,
      schema: {
        tags: ['webhooks'],
        summary: 'Send a delivery again (same webhook-id), with a fresh retry schedule',
        params: DeliveryParams,
        response: { 202: WebhookDeliveryAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const delivery = await redeliverWebhook(app.db, request.params.id, request.params.delivery);
      return reply.code(202).send({ data: delivery });
    },
  );

  app.post(
    '/admin/webhooks/:id/ping',
    {
      ...adminOnly,
      schema: {
        tags: ['webhooks'],
        summary: 'Send a webhook.ping now and answer how it went (it is not retried)',
        params: EndpointParams,
        response: { 200: WebhookDeliveryAnswerSchema, ...errors },
      },
    },
    async (request) => ({ data: await pingWebhookEndpoint(app.db, options.sender, request.params.id) }),
  );
};
