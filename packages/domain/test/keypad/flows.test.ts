import { describe, expect, it } from 'vitest';
import { isFeatureAvailable } from '../../src/index.js';
import {
  flowGate,
  initialState,
  type KeypadState,
  lockedFlowMessage,
  lockedFlows,
  render,
  screenLines,
  transition,
} from '../../src/keypad/index.js';

const catalogue = {
  features: [
    { id: '1', name: 'Buy crypto' },
    { id: '4', name: 'Send to phone' },
    { id: '5', name: 'Wallet transfers' },
    { id: '9', name: 'Spending analytics' },
  ],
  plans: [
    { id: 'free', name: 'Free' },
    { id: 'starter', name: 'Starter' },
    { id: 'pro', name: 'Pro' },
  ],
  assignments: [
    { planId: 'free', featureId: '1', enabled: true },
    { planId: 'starter', featureId: '1', enabled: true },
    { planId: 'starter', featureId: '4', enabled: true },
    { planId: 'pro', featureId: '4', enabled: true },
    { planId: 'starter', featureId: '5', enabled: false },
  ],
};

describe('keypad flows and the plan catalogue', () => {
  it('locks the flows whose feature the wallet lacks, naming the cheapest plan that has it', () => {
    expect(lockedFlows(catalogue, new Set(['1']))).toEqual([
      { type: 'Transfer', feature: 'Wallet transfers', plan: null },
      { type: 'Send-to-Phone', feature: 'Send to phone', plan: 'Starter' },
    ]);
    expect(lockedFlows(catalogue, new Set(['1', '4', '5']))).toEqual([]);
  });

  it('leaves a flow open when the catalogue has no feature for it', () => {
    const noTransfers = { ...catalogue, features: catalogue.features.filter((f) => f.id !== '5') };
    expect(lockedFlows(noTransfers, new Set(['1', '4']))).toEqual([]);
  });

  it("gives a flow's check the plans whose setting includes its feature, as isFeatureAvailable decides", () => {
    expect(flowGate('Send-to-Phone', catalogue)).toEqual({
      featureId: '4',
      plans: ['starter', 'pro'],
      locked: { type: 'Send-to-Phone', feature: 'Send to phone', plan: 'Starter' },
    });
    // Switched off on Starter and on no other plan: no plan includes it.
    expect(flowGate('Transfer', catalogue)).toEqual({
      featureId: '5',
      plans: [],
      locked: { type: 'Transfer', feature: 'Wallet transfers', plan: null },
    });
    for (const type of ['Purchase', 'Transfer', 'Send-to-Phone'] as const) {
      const gate = flowGate(type, catalogue);
      for (const plan of catalogue.plans) {
        const available = isFeatureAvailable(gate?.featureId ?? '', {
          planId: plan.id,
          assignments: catalogue.assignments,
          overrides: [],
        });
        expect(gate?.plans.includes(plan.id), `${type} on ${plan.id}`).toBe(available);
      }
    }
    const noTransfers = { ...catalogue, features: catalogue.features.filter((f) => f.id !== '5') };
    expect(flowGate('Transfer', noTransfers)).toBeNull();
  });

  it('says the spec text for a locked feature, or that no plan has it yet', () => {
    expect(lockedFlowMessage({ plan: 'Starter' })).toBe(
      'This feature requires the Starter plan. Upgrade to access.',
    );
    expect(lockedFlowMessage({ plan: null })).toBe('This feature is not on any plan yet.');
  });

  it('refuses a locked flow at the menu, before anything is typed', () => {
    let state: KeypadState = { ...initialState(), screen: 'pin', phoneNumber: '+27821234567' };
    const ctx = { now: 0, newId: () => 'id' };
    state = transition(
      state,
      {
        type: 'login-succeeded',
        locked: [{ type: 'Send-to-Phone', feature: 'Send to phone', plan: 'Starter' }],
      },
      ctx,
    ).state;
    const refused = transition(state, { type: 'key', key: '4' }, ctx).state;
    expect(refused.screen).toBe('menu');
    expect(render(refused).lines).toContain(
      'This feature requires the Starter plan. Upgrade to access.',
    );
    // Open flows still open.
    expect(transition(state, { type: 'key', key: '3' }, ctx).state.screen).toBe('transfer-coin');
  });

  it("names a plan as written on the browser's screen, and in GSM-7 on a phone's", () => {
    const locked = [
      { type: 'Transfer' as const, feature: 'Wallet transfers', plan: 'Pro “Plus” ✨' },
    ];
    const ctx = { now: 0, newId: () => 'id' };
    let state: KeypadState = { ...initialState(), screen: 'pin', phoneNumber: '+27821234567' };
    state = transition(state, { type: 'login-succeeded', locked }, ctx).state;
    const refused = transition(state, { type: 'key', key: '3' }, ctx).state;
    expect(screenLines(refused).at(-1)).toBe(
      'This feature requires the Pro “Plus” ✨ plan. Upgrade to access.',
    );
    expect(render(refused).lines.at(-1)).toBe(
      'This feature requires the Pro "Plus" ? plan. Upgrade to access.',
    );
  });
});
