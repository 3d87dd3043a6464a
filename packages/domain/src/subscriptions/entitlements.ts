// Who may use a feature: the user's own override if there is one, else the plan's setting.
// The API and the screens both decide with this one function.

export interface Assignment {
  planId: string;
  featureId: string;
  enabled: boolean;
}

export interface Override {
  featureId: string;
  enabled: boolean;
}

export interface EntitlementInput {
  planId: string;
  assignments: readonly Assignment[];
  overrides: readonly Override[];
}

export function isFeatureAvailable(featureId: string, input: EntitlementInput): boolean {
  const override = input.overrides.find((o) => o.featureId === featureId);
  if (override) return override.enabled;
  return input.assignments.some(
    (a) => a.planId === input.planId && a.featureId === featureId && a.enabled,
  );
}

/**
 * The cheapest plan that includes the feature, if any does: `plans` come cheapest first, so it
 * is the first one with the feature on. Generic over the feature id (numbers in the database,
 * strings here).
 */
export function cheapestPlanWith<P extends { id: string }, F>(
  featureId: F,
  plans: readonly P[],
  assignments: ReadonlyArray<{ planId: string; featureId: F; enabled: boolean }>,
): P | undefined {
  return plans.find((p) =>
    assignments.some((a) => a.planId === p.id && a.featureId === featureId && a.enabled),
  );
}

/** Every feature id of `featureIds` the user may use. */
export function availableFeatureIds(
  featureIds: readonly string[],
  input: EntitlementInput,
): string[] {
  return featureIds.filter((id) => isFeatureAvailable(id, input));
}
