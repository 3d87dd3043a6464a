// Which keypad money flows a wallet may use. Each flow is a feature of the plan catalogue, so
// what a feature card says (Available or Locked) is what the wallet can do: a flow is locked
// when its feature exists and the wallet's plan (with the owner's overrides) does not include
// it. The message names the cheapest plan that does, or says no plan does yet.
import { type Assignment, cheapestPlanWith } from '../subscriptions/entitlements.js';
import type { TransactionType } from './machine.js';

/** The catalogue feature behind each keypad flow, by the name the catalogue seeds. */
export const FLOW_FEATURES: Readonly<Record<TransactionType, string>> = {
  Purchase: 'Buy crypto',
  Transfer: 'Wallet transfers',
  'Send-to-Phone': 'Send to phone',
};

export interface LockedFlow {
  type: TransactionType;
  feature: string;
  /** The cheapest plan that includes the feature; null when no plan does yet. */
  plan: string | null;
}

export interface FlowCatalogue {
  features: ReadonlyArray<{ id: string; name: string }>;
  /** Cheapest first. */
  plans: ReadonlyArray<{ id: string; name: string }>;
  assignments: readonly Assignment[];
}

/** The flows a wallet may not use, given the feature ids available to it. */
export function lockedFlows(
  catalogue: FlowCatalogue,
  available: ReadonlySet<string>,
): LockedFlow[] {
  const locked: LockedFlow[] = [];
  for (const [type, name] of Object.entries(FLOW_FEATURES) as Array<[TransactionType, string]>) {
    const feature = catalogue.features.find((f) => f.name === name);
    // A flow whose feature the catalogue does not list is not a plan feature.
    if (!feature || available.has(feature.id)) continue;
    const plan = cheapestPlanWith(feature.id, catalogue.plans, catalogue.assignments);
    locked.push({ type, feature: name, plan: plan?.name ?? null });
  }
  return locked;
}

/** What the keypad, the API and the features page say of a locked feature (spec section 10). */
export function lockedFlowMessage(flow: Pick<LockedFlow, 'plan'>): string {
  return flow.plan
    ? `This feature requires the ${flow.plan} plan. Upgrade to access.`
    : 'This feature is not on any plan yet.';
}
