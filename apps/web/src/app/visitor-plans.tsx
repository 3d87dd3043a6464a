// The subscription feature's plan comparison for visitors, loaded on demand: the router hands
// it to the sign-in page, so the auth feature imports no other feature and the sign-in page's
// first load does not carry it.
import { lazy } from 'react';

const visitorPlans = () => import('../features/subscription/routes/visitor-plans.js');

export const VisitorPlanComparison = lazy(async () => ({
  default: (await visitorPlans()).VisitorPlanComparison,
}));
export const ChosenPlanNote = lazy(async () => ({
  default: (await visitorPlans()).ChosenPlanNote,
}));
