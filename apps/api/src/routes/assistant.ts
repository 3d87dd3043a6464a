// The help assistant's calls (spec section 7 'Assistant'), and the admin console's view of the
// questions it could not answer. The user is always the session's: the spec's client also sends
// a userId, which is ignored, never trusted.
import { routes, UNANSWERED_ROWS_DEFAULT } from '@omega/contracts';
import { normalizeRole } from '@omega/domain';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../lib/define-route.js';
import { HttpError } from '../lib/http-error.js';
import { signedIn } from '../plugins/app/access.js';

export default async function assistantRoutes(app: FastifyInstance) {
  defineRoute(app, routes.assistantQuery, async (request) => {
    const user = signedIn(request);
    const query = request.body.query.trim();
    if (!query) throw new HttpError(400, 'query must not be empty: ask a question');
    return app.assistant.ask(normalizeRole(user.role), query, request.id, {
      keep: request.impersonation === null,
    });
  });

  defineRoute(app, routes.assistantFeedback, async (request) => {
    const user = signedIn(request);
    const { responseId, rating, helpful, query } = request.body;
    await app.assistant.feedback({
      responseId,
      userId: user.id,
      role: normalizeRole(user.role),
      rating,
      helpful,
      query,
    });
    return { ok: true as const, message: 'Thank you for your feedback!' };
  });

  defineRoute(app, routes.unansweredQuestions, async (request) =>
    app.unansweredQuestions.list(request.query.limit ?? UNANSWERED_ROWS_DEFAULT),
  );

  defineRoute(app, routes.clearUnansweredQuestions, async (request) => {
    const cleared = await app.unansweredQuestions.clear(signedIn(request).id, request.id);
    return {
      ok: true as const,
      message: `Cleared ${cleared} question${cleared === 1 ? '' : 's'}`,
    };
  });
}
