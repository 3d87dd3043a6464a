// Which keypad flows a wallet may use. The plan catalogue says 'Send to phone' and 'Wallet
// transfers' need Starter; this makes it true on the money path too (decision 014). A wallet
// belongs to the account it was first signed in from and takes that account's plan and
// overrides — the same entitlements the feature cards show; a wallet with no account (opened on
// another site's widget, or a phone through the USSD gateway) has the Free plan's features.
import {
  availableFeatureIds,
  type FlowCatalogue,
  type FlowGate,
  flowGate,
  type LockedFlow,
  lockedFlows,
  type TransactionType,
} from '@omega/domain';
import type { Catalogue, SubscriptionsRepository } from '../repositories/subscriptions.js';
import type { WalletsRepository } from '../repositories/wallets.js';
import type { SubscriptionService } from './subscriptions.js';

export interface WalletEntitlementDeps {
  wallets: WalletsRepository;
  catalogue: SubscriptionsRepository;
  subscriptions: SubscriptionService;
}

export class WalletEntitlements {
  constructor(private readonly deps: WalletEntitlementDeps) {}

  /**
   * The flows this wallet may not use, each with the cheapest plan that unlocks it. The
   * catalogue comes from the repository's one-second cache: the owner's plan and overrides are
   * all that is read from the database, in one query with the wallet.
   */
  async lockedFor(phone: string): Promise<LockedFlow[]> {
    const { catalogue, subscriptions } = this.deps;
    const [entitlement, flows] = await Promise.all([
      subscriptions.entitlementOfWallet(phone),
      catalogue.catalogue().then(flowCatalogue),
    ]);
    const available = availableFeatureIds(
      flows.features.map((f) => f.id),
      { ...entitlement, assignments: flows.assignments },
    );
    return lockedFlows(flows, new Set(available));
  }

  /**
   * What a flow needs, for PostgreSQL's keypad function to check where it records the
   * transaction (decision 044): the feature, the plans that include it (from the same
   * one-second catalogue cache), and what a wallet without it is told.
   */
  async gateFor(type: TransactionType): Promise<FlowGate | null> {
    return flowGate(type, flowCatalogue(await this.deps.catalogue.catalogue()));
  }

  /**
   * Makes the wallet the account's when it belongs to none yet (one conditional write): the
   * person who proved the phone with OTP and PIN while signed in is its owner from then on.
   */
  claim(phone: string, userId: number): Promise<void> {
    return this.deps.wallets.claimOwner(phone, userId);
  }
}

/** The catalogue with the domain's string ids, converted once per catalogue read. */
const converted = new WeakMap<Catalogue, FlowCatalogue>();

function flowCatalogue(catalogue: Catalogue): FlowCatalogue {
  let flows = converted.get(catalogue);
  if (!flows) {
    flows = {
      features: catalogue.features.map((f) => ({ id: String(f.id), name: f.name })),
      plans: catalogue.plans.map((p) => ({ id: p.id, name: p.name })),
      assignments: catalogue.assignments.map((a) => ({ ...a, featureId: String(a.featureId) })),
    };
    converted.set(catalogue, flows);
  }
  return flows;
}
