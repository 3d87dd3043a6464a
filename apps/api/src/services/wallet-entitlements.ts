// Which keypad flows a wallet may use. The plan catalogue says 'Send to phone' and 'Wallet
// transfers' need Starter; this makes it true on the money path too (decision 014). A wallet
// belongs to the account it was first signed in from and takes that account's plan and
// overrides — the same entitlements the feature cards show; a wallet with no account (opened on
// another site's widget, or a phone through the USSD gateway) has the Free plan's features.
import { availableFeatureIds, type LockedFlow, lockedFlows } from '@omega/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { SubscriptionsRepository } from '../repositories/subscriptions.js';
import { FREE_PLAN_ID, type SubscriptionService } from './subscriptions.js';

export class WalletEntitlements {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalogue: SubscriptionsRepository,
    private readonly subscriptions: SubscriptionService,
  ) {}

  /** The flows this wallet may not use, each with the cheapest plan that unlocks it. */
  async lockedFor(phone: string): Promise<LockedFlow[]> {
    const [wallet, features, plans, assignments] = await Promise.all([
      this.db
        .selectFrom('wallets')
        .select('owner_id')
        .where('phone', '=', phone)
        .executeTakeFirst(),
      this.catalogue.features(),
      this.catalogue.plans(),
      this.catalogue.assignments(),
    ]);
    const featureIds = features.map((f) => String(f.id));
    const byId = assignments.map((a) => ({ ...a, featureId: String(a.featureId) }));
    const owner = wallet?.owner_id ?? null;
    const available =
      owner === null
        ? availableFeatureIds(featureIds, {
            planId: FREE_PLAN_ID,
            assignments: byId,
            overrides: [],
          })
        : (await this.subscriptions.featureIdsFor(owner)).map(String);
    return lockedFlows(
      {
        features: features.map((f) => ({ id: String(f.id), name: f.name })),
        plans: plans.map((p) => ({ id: p.id, name: p.name })),
        assignments: byId,
      },
      new Set(available),
    );
  }

  /**
   * Makes the wallet the account's when it belongs to none yet (one conditional write): the
   * person who proved the phone with OTP and PIN while signed in is its owner from then on.
   */
  async claim(phone: string, userId: number): Promise<void> {
    await this.db
      .updateTable('wallets')
      .set({ owner_id: userId })
      .where('phone', '=', phone)
      .where('owner_id', 'is', null)
      .execute();
  }
}
