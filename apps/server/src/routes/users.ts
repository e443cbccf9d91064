import { messages, userCalls as calls } from '@bank/shared';
import { createUser } from '../domain/users/create-user.js';
import { deleteUser } from '../domain/users/delete-user.js';
import { getUser } from '../domain/users/get-user.js';
import { listUsers } from '../domain/users/list-users.js';
import { resetPassword } from '../domain/users/reset-password.js';
import { updateDisplayName } from '../domain/users/update-display-name.js';
import { updatePassword } from '../domain/users/update-password.js';
import { updateUser } from '../domain/users/update-user.js';
import { actorOf } from '../plugins/auth.js';
import { sendPage } from './page.js';
import { registerRoute, type RoutePlugin } from './register.js';

const text = 'text/plain; charset=utf-8';

export const userRoutes: RoutePlugin = async (app, { db, config }) => {
  registerRoute(app, calls.get, (request) => getUser(db, actorOf(request), request.params.username));

  registerRoute(app, calls.list, async (request, reply) =>
    sendPage(reply, await listUsers(db, actorOf(request), request.params.bankId, request.query)),
  );

  registerRoute(app, calls.signInAddress, () => ({ publicUrl: config.publicUrl ?? null }));

  registerRoute(app, calls.create, async (request, reply) => {
    const password = await createUser(db, actorOf(request), request.body);
    // The answer carries a password: no cache may keep it.
    return reply
      .code(201)
      .header('cache-control', 'no-store')
      .type(text)
      .send(messages.userCreatedWithPassword(password));
  });

  registerRoute(app, calls.update, (request) =>
    updateUser(db, actorOf(request), request.params.userId, request.body),
  );

  registerRoute(app, calls.resetPassword, async (request, reply) => {
    const password = await resetPassword(db, actorOf(request), request.params.userId);
    // The answer carries a password: no cache may keep it.
    return reply.header('cache-control', 'no-store').type(text).send(messages.temporaryPassword(password));
  });

  registerRoute(app, calls.delete, async (request, reply) => {
    await deleteUser(db, actorOf(request), request.params.userId);
    return reply.code(204).send(null);
  });

  // The same call under two paths (the product's client calls the bare one).
  for (const entry of [calls.updateDisplayNameBare, calls.updateDisplayName]) {
    registerRoute(app, entry, (request) =>
      updateDisplayName(db, actorOf(request), request.params.userId, request.body),
    );
  }

  registerRoute(app, calls.updatePassword, async (request, reply) => {
    const [currentPassword, newPassword] = request.body;
    await updatePassword(db, actorOf(request), {
      username: request.params.userId,
      currentPassword,
      newPassword,
      address: request.ip,
      limits: config.signInLimits,
    });
    return reply.type(text).send(messages.passwordUpdated);
  });
};
