// Which keypad money flows a wallet may use. Each flow is a feature of the plan catalogue, so
// what a feature card says (Available or Locked) is what the wallet can do: a flow is locked
// when its feature exists and the wallet's plan (with the owner's overrides) does not include
// it. The message names the cheapest plan that does, or says no plan does yet.
import {
  type Assignment,
  cheapestPlanWith,
  isFeatureAvailable,
} from '../subscriptions/entitlements.js';
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
    locked.push(lockedFlow(type, feature.id, catalogue));
  }
  return locked;
}

function lockedFlow(type: TransactionType, featureId: string, catalogue: FlowCatalogue) {
  const plan = cheapestPlanWith(featureId, catalogue.plans, catalogue.assignments);
  return { type, feature: FLOW_FEATURES[type], plan: plan?.name ?? null };
}

/**
 * A flow's check, for a database to make where it records the transaction (PostgreSQL's keypad
 * function, decision 044): the flow's feature, the plans that include it, and what a wallet that
 * may not use it is told. The check is `isFeatureAvailable`'s: the owner's override of the
 * feature, when there is one, decides; otherwise the wallet's plan must be one of `plans`.
 * Null when the catalogue does not list the flow's feature (not a plan feature: never locked).
 */
export interface FlowGate {
  featureId: string;
  plans: string[];
  locked: LockedFlow;
}

export function flowGate(type: TransactionType, catalogue: FlowCatalogue): FlowGate | null {
  const feature = catalogue.features.find((f) => f.name === FLOW_FEATURES[type]);
  if (!feature) return null;
  const { assignments } = catalogue;
  return {
    featureId: feature.id,
    plans: catalogue.plans
      .filter((p) => isFeatureAvailable(feature.id, { planId: p.id, assignments, overrides: [] }))
      .map((p) => p.id),
    locked: lockedFlow(type, feature.id, catalogue),
  };
}

/** What the keypad, the API and the features page say of a locked feature (spec section 10). */
export function lockedFlowMessage(flow: Pick<LockedFlow, 'plan'>): string {
  return flow.plan
    ? `This feature requires the ${flow.plan} plan. Upgrade to access.`
    : 'This feature is not on any plan yet.';
}
