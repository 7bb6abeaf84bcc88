import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  ProfileSchema,
  ProfileUpdateSchema,
  StaffListSchema,
  UserAnswerSchema,
  UserCreateSchema,
  UserListSchema,
  UserPasswordUpdateSchema,
  UserRoleUpdateSchema,
} from '@einwurf/contract';
import { requireRoleFirst } from '../../plugins/sessions.ts';
import { auditContext } from '../audit/context.ts';
import {
  changePassword,
  changeRole,
  createUser,
  deleteUser,
  endSessionsOfAccount,
  getProfile,
  listUsers,
  toUserAccount,
  updateProfile,
} from './service.ts';

const errors = { '4xx': ErrorBodySchema };
const UsernameParams = Type.Object({ username: Type.String({ maxLength: 1024 }) });

/**
 * Account management: admins only, except that a mod may change their own password and profile.
 * `mailEnabled` says whether the server sends mail (the profile tells, so the screen can say so).
 */
export const userRoutes: FastifyPluginAsyncTypebox<{ mailEnabled: boolean }> = async (app, options) => {
  const adminOnly = { preValidation: requireRoleFirst('admin') };
  const staffOnly = { preValidation: requireRoleFirst('mod', 'admin') };

  app.get(
    '/admin/profile',
    {
      ...staffOnly,
      schema: {
        tags: ['users'],
        summary: "The signed-in account's address, mail language and notifications",
        response: { 200: ProfileSchema, ...errors },
      },
    },
    async (request) => getProfile(app.db, request.session.userId, options.mailEnabled),
  );

  app.patch(
    '/admin/profile',
    {
      ...staffOnly,
      schema: {
        tags: ['users'],
        summary: "Change the signed-in account's address, mail language or notifications",
        description:
          'A new email (null or empty: none) needs current_password (400 naming current_password when wrong; wrong guesses count like failed logins); 400 naming email for one that is not an address. notifications: per event (proposed: a new proposal; author: the author changed or commented on an entry; assigned: an entry assigned to me) immediately, daily (a digest) or never. Answers the profile.',
        body: ProfileUpdateSchema,
        response: { 200: ProfileSchema, ...errors },
      },
    },
    async (request) => {
      await updateProfile(app.db, app.limiter, request.session, request.body, auditContext(request));
      return getProfile(app.db, request.session.userId, options.mailEnabled);
    },
  );

  app.get(
    '/admin/staff',
    {
      preValidation: requireRoleFirst('mod', 'admin'),
      schema: {
        tags: ['users'],
        summary: 'The staff accounts (mod and admin) by name: whom an entry can be assigned to',
        response: { 200: StaffListSchema, ...errors },
      },
    },
    async () => ({
      data: {
        staff: (await listUsers(app.db)).map(({ username, role }) => ({ username, role })),
      },
    }),
  );

  app.get(
    '/admin/users',
    {
      ...adminOnly,
      schema: {
        tags: ['users'],
        summary: 'All accounts by name',
        response: { 200: UserListSchema, ...errors },
      },
    },
    async () => ({ data: { users: (await listUsers(app.db)).map(toUserAccount) } }),
  );

  app.post(
    '/admin/users',
    {
      ...adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Create an account (username 3-64 letters and digits, unique regardless of case)',
        description:
          '400 VALIDATION_FAILED naming username, password or email (optional: where notifications go); 409 CONFLICT naming username when taken.',
        body: UserCreateSchema,
        response: { 201: UserAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await createUser(app.db, request.body, auditContext(request));
      return reply.code(201).send({ data: toUserAccount(user) });
    },
  );

  app.delete(
    '/admin/users/:username',
    {
      ...adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Delete an account and its sessions (409 LAST_ADMIN for the last admin)',
        params: UsernameParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteUser(app.db, request.params.username, auditContext(request));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/admin/users/:username/sessions',
    {
      ...adminOnly,
      schema: {
        tags: ['users'],
        summary: 'End every session of an account (it must log in again)',
        params: UsernameParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await endSessionsOfAccount(app.db, request.params.username, auditContext(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/admin/users/:username',
    {
      ...adminOnly,
      schema: {
        tags: ['users'],
        summary: "Change an account's role (409 LAST_ADMIN when demoting the last admin)",
        params: UsernameParams,
        body: UserRoleUpdateSchema,
        response: { 200: UserAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      data: toUserAccount(
        await changeRole(app.db, request.params.username, request.body.role, auditContext(request)),
      ),
    }),
  );

  app.patch(
    '/admin/users/:username',
    {
      preValidation: requireRoleFirst('mod', 'admin'),
      schema: {
        tags: ['users'],
        summary: "Set an account's password",
        description:
          "An admin may set anyone's password; a mod only their own (403 otherwise). One's own password needs old_password (400 naming old_password: \"login name and password combination wrong\"). A username in the body must be the path's. The account's other sessions end.",
        params: UsernameParams,
        body: UserPasswordUpdateSchema,
        response: { 200: UserAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      data: toUserAccount(
        await changePassword(
          app.db,
          app.limiter,
          request.session,
          request.params.username,
          request.body,
          auditContext(request),
        ),
      ),
    }),
  );
};
