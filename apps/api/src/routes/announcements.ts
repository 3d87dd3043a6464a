// Announcements (spec section 7, 'Announcements and logs'): admins send them from the
// Communications page; every signed-in user reads them (the bell in the top bar).
import { routes } from '@omega/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../lib/define-route.js';
import { signedIn } from '../plugins/app/access.js';

const RECENT = 50;

export default async function announcementRoutes(app: FastifyInstance) {
  defineRoute(app, routes.messages, async (request) =>
    app.announcements.recent(RECENT, signedIn(request).id),
  );

  defineRoute(app, routes.createMessage, async (request) => {
    const admin = signedIn(request);
    return app.announcements.publish(
      { title: request.body.title, content: request.body.content, authorId: admin.id },
      request.id,
    );
  });

  defineRoute(app, routes.unreadMessages, async (request) => {
    const user = signedIn(request);
    return { unread: await app.announcements.unreadCount(user.id) };
  });

  defineRoute(app, routes.markMessagesRead, async (request) => {
    const user = signedIn(request);
    await app.announcements.markRead(user.id, request.body.lastId);
    return { ok: true as const, message: 'Announcements marked as read' };
  });
}
