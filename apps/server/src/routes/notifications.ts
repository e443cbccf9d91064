import { notificationCalls, notificationLimits, type Notification } from '@bank/shared';
import { listNotifications, markRead, NotificationHub } from '../domain/notifications/index.js';
import { actorOf } from '../plugins/auth.js';
import { sendPage } from './page.js';
import { registerRoute, type RoutePlugin } from './register.js';

const event = (notice: Notification) => `event: notification\ndata: ${JSON.stringify(notice)}\n\n`;

/** API.md "Families and notifications": everyone's own notices, listed, marked read and streamed. */
export const notificationRoutes: RoutePlugin = async (app, { db, clock, config, listen }) => {
  const lifetimeMs = (config.notificationStreamSeconds ?? notificationLimits.streamLifetimeSeconds) * 1000;
  const hub = new NotificationHub(db, (error) => app.log.warn({ err: error }, 'a notice was not streamed'));
  if (listen) await hub.start(listen);
  // Open streams would keep the server from closing: they end first, and their clients reconnect.
  app.addHook('preClose', async () => hub.close());

  registerRoute(app, notificationCalls.list, async (request, reply) => {
    const { page, answer } = await listNotifications(db, actorOf(request), request.query);
    sendPage(reply, page);
    return answer;
  });
  registerRoute(app, notificationCalls.read, (request) =>
    markRead(db, actorOf(request), request.body, clock.now()),
  );
  registerRoute(app, notificationCalls.stream, async (request, reply) => {
    const raw = reply.raw;
    const socket = request.raw.socket;
    let keepAlive: NodeJS.Timeout | undefined = undefined;
    let lifetime: NodeJS.Timeout | undefined = undefined;
    // Refused (429) before anything is written when too many are open.
    const unsubscribe = hub.subscribe(actorOf(request).id, {
      send: (notice) => raw.write(event(notice)),
      // The server is stopping. A stream's connection never turns idle, so closing the server
      // would wait on it: it ends with its stream, and the client reconnects (to another process).
      end: () => {
        clearInterval(keepAlive);
        clearTimeout(lifetime);
        raw.end(() => socket.destroy());
      },
    });
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // Proxies must pass each event on as it comes, not hold the answer back.
      'x-accel-buffering': 'no',
    });
    raw.write(': open\n\n');
    keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), notificationLimits.keepAliveSeconds * 1000);
    // Its lifetime over, the stream ends: the client opens a new one after a pause.
    lifetime = setTimeout(() => raw.end(), lifetimeMs);
    raw.on('close', () => {
      clearInterval(keepAlive);
      clearTimeout(lifetime);
      unsubscribe();
    });
  });
};
