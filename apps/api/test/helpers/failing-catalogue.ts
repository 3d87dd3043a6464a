// A feature catalogue over the app's database whose n-th override record fails, after the
// users before it were written: for tests that a bulk plan change is all or nothing.
import type { FastifyInstance } from 'fastify';
import { SubscriptionsRepository } from '../../src/repositories/subscriptions.js';
import { FeatureCatalogueService } from '../../src/services/feature-catalogue.js';
import { SubscriptionService } from '../../src/services/subscriptions.js';

export function catalogueFailingAtRecord(app: FastifyInstance, failAt: number) {
  let records = 0;
  const repo = new (class extends SubscriptionsRepository {
    override async recordOverride(...args: Parameters<SubscriptionsRepository['recordOverride']>) {
      records += 1;
      if (records === failAt) throw new Error('override record refused');
      await super.recordOverride(...args);
    }
  })(app.database.db);
  const subscriptions = new SubscriptionService(
    app.database.db,
    repo,
    app.repos.activity,
    app.clock,
    app.config.sessionSecret,
    app.log,
    app.repos.payments,
    app.billing.provider,
  );
  const catalogue = new FeatureCatalogueService({
    db: app.database.db,
    catalogue: repo,
    users: app.repos.users,
    activity: app.repos.activity,
    subscriptions,
    clock: app.clock,
  });
  return { catalogue, records: () => records };
}
