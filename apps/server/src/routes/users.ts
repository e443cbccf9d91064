import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUserBody,
  displayNameText,
  messages,
  pathText,
  positiveId,
  updatePasswordBody,
  updateUserBody,
  user,
} from '@bank/shared';
import { createUser } from '../domain/users/create-user.js';
import { deleteUser } from '../domain/users/delete-user.js';
import { getUser } from '../domain/users/get-user.js';
import { listUsers } from '../domain/users/list-users.js';
import { resetPassword } from '../domain/users/reset-password.js';
import { updateDisplayName } from '../domain/users/update-display-name.js';
import { updatePassword } from '../domain/users/update-password.js';
import { updateUser } from '../domain/users/update-user.js';
import { actorOf } from '../plugins/auth.js';
import type { RouteDeps } from './deps.js';

// Any text (API.md's text rule): a name that cannot exist is a 404 from the domain, like any other unknown user.
const byUsername = z.object({ username: pathText('User Id') });
const byUserId = z.object({ userId: pathText('User Id') });
const text = 'text/plain; charset=utf-8';

export const userRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config }) => {
  app.get(
    '/user/users/:username',
    { config: { tier: 'user' }, schema: { tags: ['users'], params: byUsername, response: { 200: user } } },
    (request) => getUser(db, actorOf(request), request.params.username),
  );

  app.get(
    '/admin/users/:bankId',
    {
      config: { tier: 'admin' },
      schema: { tags: ['users'], params: z.object({ bankId: positiveId }), response: { 200: z.array(user) } },
    },
    (request) => listUsers(db, actorOf(request), request.params.bankId),
  );

  app.post(
    '/admin/users/create',
    {
      config: { tier: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Answers text: "Successfully created user. Temporary password: {password}"',
        body: createUserBody,
        response: { 201: z.string() },
      },
    },
    async (request, reply) => {
      const password = await createUser(db, actorOf(request), request.body);
      // The answer carries a password: no cache may keep it.
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .type(text)
        .send(messages.userCreatedWithPassword(password));
    },
  );

  app.put(
    '/admin/users/:userId/updateUser',
    {
      config: { tier: 'admin' },
      schema: { tags: ['users'], params: byUserId, body: updateUserBody, response: { 200: user } },
    },
    (request) => updateUser(db, actorOf(request), request.params.userId, request.body),
  );

  app.post(
    '/admin/users/:userId/resetPassword',
    {
      config: { tier: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Answers text: "Temporary password: {password}"; ends the user\'s sessions',
        params: byUserId,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const password = await resetPassword(db, actorOf(request), request.params.userId);
      // The answer carries a password: no cache may keep it.
      return reply.header('cache-control', 'no-store').type(text).send(messages.temporaryPassword(password));
    },
  );

  app.delete(
    '/admin/users/:userId/delete',
    { config: { tier: 'admin' }, schema: { tags: ['users'], params: byUserId, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteUser(db, actorOf(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );

  // The product's client calls the bare path; the /user one sits with the other user calls.
  for (const path of ['/users/:userId/updateDisplayName', '/user/users/:userId/updateDisplayName']) {
    app.put(
      path,
      {
        config: { tier: 'user' },
        schema: {
          tags: ['users'],
          summary: 'Raw text/plain body; empty clears the display name',
          params: byUserId,
          body: displayNameText,
          response: { 200: user },
        },
      },
      (request) => updateDisplayName(db, actorOf(request), request.params.userId, request.body),
    );
  }

  app.put(
    '/user/users/:userId/updatePassword',
    {
      config: { tier: 'user' },
      schema: {
        tags: ['users'],
        summary: 'JSON [currentPassword, newPassword]; answers text "Password updated!"',
        params: byUserId,
        body: updatePasswordBody,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const [currentPassword, newPassword] = request.body;
      await updatePassword(db, actorOf(request), {
        username: request.params.userId,
        currentPassword,
        newPassword,
        address: request.ip,
        limits: config.signInLimits,
      });
      return reply.type(text).send(messages.passwordUpdated);
    },
  );
};
