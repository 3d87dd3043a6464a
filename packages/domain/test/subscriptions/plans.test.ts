import { describe, expect, it } from 'vitest';
import { isFeatureAvailable } from '../../src/subscriptions/entitlements.js';
import { annualSavingPercent } from '../../src/subscriptions/plans.js';

describe('annual saving (spec section 9)', () => {
  it('is the rounded percent of 12 x monthly - annual over 12 x monthly', () => {
    expect(annualSavingPercent(2900, 29000)).toBe(17); // 16.67 -> 17
    expect(annualSavingPercent(1000, 120000)).toBe(-900);
    expect(annualSavingPercent(1000, 96000 / 8)).toBe(0);
    expect(annualSavingPercent(1000, 11400)).toBe(5); // 5.0
    expect(annualSavingPercent(0, 0)).toBe(0);
  });
});

describe('entitlements', () => {
  const assignments = [
    { planId: 'pro', featureId: 'export', enabled: true },
    { planId: 'free', featureId: 'export', enabled: false },
  ];
  it('follows the plan unless the user has an override', () => {
    expect(isFeatureAvailable('export', { planId: 'pro', assignments, overrides: [] })).toBe(true);
    expect(isFeatureAvailable('export', { planId: 'free', assignments, overrides: [] })).toBe(
      false,
    );
    expect(isFeatureAvailable('api', { planId: 'pro', assignments, overrides: [] })).toBe(false);
    expect(
      isFeatureAvailable('export', {
        planId: 'free',
        assignments,
        overrides: [{ featureId: 'export', enabled: true }],
      }),
    ).toBe(true);
    expect(
      isFeatureAvailable('export', {
        planId: 'pro',
        assignments,
        overrides: [{ featureId: 'export', enabled: false }],
      }),
    ).toBe(false);
  });
});
