import { describe, expect, it } from 'vitest';
import { cheapestPlanWith } from '../../src/subscriptions/entitlements.js';

const plans = [
  { id: 'free', name: 'Free' },
  { id: 'starter', name: 'Starter' },
  { id: 'pro', name: 'Pro' },
];

describe('the cheapest plan that includes a feature', () => {
  it('is the first plan, cheapest first, with the feature turned on', () => {
    const assignments = [
      { planId: 'pro', featureId: 7, enabled: true },
      { planId: 'starter', featureId: 7, enabled: true },
      { planId: 'free', featureId: 7, enabled: false },
    ];
    expect(cheapestPlanWith(7, plans, assignments)?.name).toBe('Starter');
  });

  it('is none when no plan includes it yet', () => {
    const assignments = [{ planId: 'pro', featureId: '7', enabled: false }];
    expect(cheapestPlanWith('7', plans, assignments)).toBeUndefined();
    expect(cheapestPlanWith('8', plans, assignments)).toBeUndefined();
  });
});
