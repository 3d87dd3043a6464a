// Plans, features and subscriptions (spec section 7). User calls act on the signed-in user
// (the subscription service); admin calls edit the catalogue and users' plans (the feature
// catalogue service) and are refused to everyone else by the access hook before they get here.
import { routes } from '@omega/contracts';
import { atLeast, normalizeRole } from '@omega/domain';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../lib/define-route.js';
import { HttpError } from '../lib/http-error.js';
import { signedIn } from '../plugins/app/access.js';

export default async function subscriptionRoutes(app: FastifyInstance) {
  const catalogue = app.featureCatalogue;
  const service = app.subscriptions;

  defineRoute(app, routes.plans, async () => catalogue.plans());

  defineRoute(app, routes.features, async () => catalogue.features());

  defineRoute(app, routes.featureAssignments, async () => catalogue.assignments());

  defineRoute(app, routes.usersWithSubscriptions, async (request, reply) => {
    const { search, offset = 0, limit = 50 } = request.query;
    const { users, total } = await catalogue.usersWithPlans({ search, offset, limit });
    reply.header('x-total-count', String(total));
    return users;
  });

  defineRoute(app, routes.adminUserFeatures, async (request) =>
    catalogue.featureIdsOf(request.query.userId),
  );

  defineRoute(app, routes.adminUserOverrides, async (request) =>
    catalogue.overridesOf(request.query.userId),
  );

  defineRoute(app, routes.toggleFeature, async (request) =>
    catalogue.setPlanFeature(signedIn(request).id, request.body, request.id),
  );

  defineRoute(app, routes.overridePlan, async (request) => {
    const { userId, planId } = request.body;
    await catalogue.setPlan(signedIn(request).id, userId, planId, request.id);
    return { ok: true as const, message: 'Subscription updated' };
  });

  defineRoute(app, routes.previewBulkOverride, async (request) =>
    catalogue.previewPlanOfMany(signedIn(request).id, request.body.userIds, request.body.planId),
  );

  defineRoute(app, routes.bulkOverridePlan, async (request) => {
    const { userIds, planId, previewToken } = request.body;
    await catalogue.setPlanOfMany(signedIn(request).id, userIds, planId, previewToken, request.id);
    return { ok: true as const, message: 'Subscriptions updated' };
  });

  defineRoute(app, routes.overrideFeature, async (request) => {
    await catalogue.setUserFeature(signedIn(request).id, request.body, request.id);
    return { ok: true as const, message: 'Override updated' };
  });

  defineRoute(app, routes.addFeature, async (request) =>
    catalogue.addFeature(signedIn(request).id, request.body, request.id),
  );

  defineRoute(app, routes.userFeatures, async (request) =>
    service.featureIdsFor(signedIn(request).id),
  );

  defineRoute(app, routes.currentPlan, async (request) => {
    const view = await service.view(signedIn(request).id);
    const plan = (await service.book()).get(view.planId);
    return { id: view.planId, name: view.planName, price: plan?.monthlyPrice ?? 0 };
  });

  defineRoute(app, routes.currentSubscription, async (request) =>
    service.view(signedIn(request).id),
  );

  defineRoute(app, routes.billingHistory, async (request) =>
    service.billingHistory(signedIn(request).id),
  );

  defineRoute(app, routes.overrideInfo, async (request) => {
    const viewer = signedIn(request);
    const { userId } = request.query;
    if (userId !== viewer.id && !atLeast(normalizeRole(viewer.role), 'admin')) {
      throw new HttpError(403, "You can only see your own subscription's override information");
    }
    return catalogue.overrideInfoOf(userId);
  });

  defineRoute(app, routes.cancelSubscription, async (request) => ({
    message: 'Subscription Cancelled',
    subscription: await service.cancel(signedIn(request).id, request.id),
  }));

  defineRoute(app, routes.resumeSubscription, async (request) => ({
    message: 'Subscription Resumed',
    subscription: await service.resume(signedIn(request).id, request.id),
  }));

  defineRoute(app, routes.previewChange, async (request) =>
    service.preview(signedIn(request).id, request.body),
  );

  defineRoute(app, routes.changePlan, async (request) =>
    service.change(signedIn(request).id, request.body, request.id),
  );
}
