// Plans, features and subscriptions (spec section 7). User calls act on the signed-in user;
// admin calls are refused to everyone else by the access hook before they get here.
import { routes } from '@omega/contracts';
import { annualSavingPercent, atLeast, normalizeRole } from '@omega/domain';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../lib/define-route.js';
import { HttpError } from '../lib/http-error.js';
import { signedIn } from '../plugins/app/access.js';

export default async function subscriptionRoutes(app: FastifyInstance) {
  const repo = app.repos.subscriptions;
  const service = app.subscriptions;

  async function existingUser(userId: number) {
    const user = await app.repos.users.findById(userId);
    if (!user) throw new HttpError(404, `No user with id ${userId}`);
    return user;
  }

  async function requiredPlans() {
    const [plans, assignments] = await Promise.all([repo.plans(), repo.assignments()]);
    // The cheapest plan (plans come cheapest first) that includes each feature.
    const required = new Map<number, string>();
    for (const plan of plans) {
      for (const a of assignments) {
        if (a.planId === plan.id && a.enabled && !required.has(a.featureId)) {
          required.set(a.featureId, plan.name);
        }
      }
    }
    return { plans, assignments, required };
  }

  defineRoute(app, routes.plans, async () => {
    const [{ plans, assignments }, features] = await Promise.all([
      requiredPlans(),
      repo.features(),
    ]);
    const names = new Map(features.map((f) => [f.id, f.name]));
    return plans.map((p) => ({
      id: p.id,
      name: p.name,
      price: p.monthlyPrice,
      annualPrice: p.annualPrice,
      trialDays: p.trialDays,
      isPopular: p.isPopular,
      perks: p.perks,
      features: assignments
        .filter((a) => a.planId === p.id && a.enabled)
        .map((a) => names.get(a.featureId) ?? String(a.featureId)),
      annualSavingPercent:
        p.annualPrice === null ? null : annualSavingPercent(p.monthlyPrice, p.annualPrice),
    }));
  });

  defineRoute(app, routes.features, async () => {
    const [{ required }, features] = await Promise.all([requiredPlans(), repo.features()]);
    return features.map((f) => ({
      id: f.id,
      name: f.name,
      category: f.category,
      description: f.description,
      requiredPlan: required.get(f.id) ?? null,
    }));
  });

  defineRoute(app, routes.featureAssignments, async () => repo.assignments());

  defineRoute(app, routes.usersWithSubscriptions, async (request, reply) => {
    const { search, offset = 0, limit = 50 } = request.query;
    const { rows, total } = await repo.usersWithPlans({ search, offset, limit });
    reply.header('x-total-count', String(total));
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      role: normalizeRole(r.role),
      // Users who never opened a subscription page are on the free plan.
      subscription: { planId: r.plan_id ?? 'free', status: r.status ?? 'active' },
    }));
  });

  defineRoute(app, routes.adminUserFeatures, async (request) => {
    await existingUser(request.query.userId);
    return service.featureIdsFor(request.query.userId);
  });

  defineRoute(app, routes.toggleFeature, async (request) => {
    const { planId, featureId, enabled } = request.body;
    const admin = signedIn(request);
    if (!(await service.book()).has(planId)) throw new HttpError(404, `No plan ${planId}`);
    if (!(await repo.featureById(featureId))) throw new HttpError(404, `No feature ${featureId}`);
    await repo.setAssignment(planId, featureId, enabled);
    await app.repos.activity.record({
      userId: admin.id,
      action: 'feature_toggle',
      details: `feature ${featureId} ${enabled ? 'on' : 'off'} for ${planId}`,
      at: app.clock(),
    });
    return { planId, featureId, enabled };
  });

  defineRoute(app, routes.overridePlan, async (request) => {
    const admin = signedIn(request);
    await existingUser(request.body.userId);
    await service.override(admin.id, request.body.userId, request.body.planId);
    return { ok: true as const, message: 'Subscription updated' };
  });

  defineRoute(app, routes.bulkOverridePlan, async (request) => {
    const admin = signedIn(request);
    const ids = [...new Set(request.body.userIds)];
    if (!(await service.book()).has(request.body.planId)) {
      throw new HttpError(404, `Unknown plan: ${request.body.planId}`);
    }
    // Every user must exist before anything changes: no partial bulk update.
    for (const id of ids) await existingUser(id);
    for (const id of ids) await service.override(admin.id, id, request.body.planId);
    return { ok: true as const, message: 'Subscriptions updated' };
  });

  defineRoute(app, routes.overrideFeature, async (request) => {
    const admin = signedIn(request);
    const { userId, featureId, enabled } = request.body;
    await existingUser(userId);
    if (!(await repo.featureById(featureId))) throw new HttpError(404, `No feature ${featureId}`);
    await repo.setOverride(userId, featureId, enabled, app.clock());
    await app.repos.activity.record({
      userId: admin.id,
      action: 'feature_override',
      details: `feature ${featureId} ${enabled ? 'on' : 'off'} for user ${userId}`,
      at: app.clock(),
    });
    return { ok: true as const, message: 'Override updated' };
  });

  defineRoute(app, routes.addFeature, async (request) => {
    const admin = signedIn(request);
    const name = request.body.name.trim();
    const category = request.body.category.trim();
    if (!name) throw new HttpError(400, 'Name is required');
    if (!category) throw new HttpError(400, 'Category is required');
    const created = await repo.addFeature({
      name,
      category,
      description: (request.body.description ?? '').trim(),
      at: app.clock(),
    });
    if (!created) throw new HttpError(409, `A feature named ${name} already exists`);
    await app.repos.activity.record({
      userId: admin.id,
      action: 'feature_added',
      details: `${name} (${category})`,
      at: app.clock(),
    });
    return {
      id: created.id,
      name: created.name,
      category: created.category,
      description: created.description,
      requiredPlan: null,
    };
  });

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
    const last = await repo.lastOverride(userId);
    return {
      overriddenByAdmin: last !== undefined,
      overrideDate: last ? new Date(last.created_at).toISOString() : null,
      proRatedAmount: last ? last.pro_rated_amount : null,
    };
  });

  defineRoute(app, routes.cancelSubscription, async (request) => ({
    message: 'Subscription Cancelled',
    subscription: await service.cancel(signedIn(request).id),
  }));

  defineRoute(app, routes.resumeSubscription, async (request) => ({
    message: 'Subscription Resumed',
    subscription: await service.resume(signedIn(request).id),
  }));

  defineRoute(app, routes.previewChange, async (request) =>
    service.preview(signedIn(request).id, request.body),
  );

  defineRoute(app, routes.changePlan, async (request) =>
    service.change(signedIn(request).id, request.body),
  );
}
