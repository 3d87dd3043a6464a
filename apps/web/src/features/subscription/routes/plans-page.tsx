// /subscription/plans: the plan chooser, monthly or yearly with the yearly saving; a choice
// shows its cost from the server's preview before it is confirmed. A plan chosen before
// signing up (`?plan=`) opens that confirmation at once. A past-due subscription's banner is
// here too, where the current plan is shown.
import type { Plan } from '@omega/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardFooter,
  CardHeader,
  CardTitle,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@omega/ui';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePlans } from '../../../lib/catalogue.js';
import { PLAN_PARAM, paths } from '../../../lib/paths.js';
import { type Interval, useCurrentSubscription } from '../api/subscription-api.js';
import { ChangePlanDialog, type PlanChoice } from '../components/change-plan-dialog.js';
import { usd } from '../components/money.js';
import { PastDueBanner } from '../components/past-due-banner.js';
import '../components/subscription.css';
import { errorMessage } from '../../../lib/error-message.js';

const INTERVALS = [
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Yearly' },
] as const satisfies ReadonlyArray<{ value: Interval; label: string }>;

export function PlansPage() {
  const { data: plans, error } = usePlans();
  const { data: sub } = useCurrentSubscription();
  const [interval, setInterval] = useState<Interval>('month');
  const [choice, setChoice] = useState<PlanChoice | null>(null);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();

  // A plan chosen at sign-up, unless the user is on it already (the Free plan needs nothing).
  const chosen = plans?.find((p) => p.id === params.get(PLAN_PARAM));
  const chosenAtSignUp: PlanChoice | null =
    chosen && sub && sub.planId !== chosen.id
      ? { planId: chosen.id, planName: chosen.name, interval: 'month' }
      : null;

  function closeDialog() {
    setChoice(null);
    // Answered once: a reload or a return visit does not ask again.
    if (params.has(PLAN_PARAM)) {
      setParams(
        (p) => {
          p.delete(PLAN_PARAM);
          return p;
        },
        { replace: true },
      );
    }
  }

  function planCard(plan: Plan, shown: Interval) {
    const price = shown === 'year' ? plan.annualPrice : plan.price;
    const current = sub?.planId === plan.id && sub.interval === shown;
    // Choosing the current plan again drops a scheduled change or a cancellation.
    const keep = current && (sub.scheduledChange !== null || sub.cancelAtPeriodEnd);
    return (
      <li key={plan.id}>
        <Card className={plan.isPopular ? 'omega-plan omega-plan--popular' : 'omega-plan'}>
          <CardHeader>
            <CardTitle>
              <h2 className="omega-card-heading">
                {plan.name} {plan.isPopular && <Badge>Most Popular</Badge>}{' '}
                {current && <Badge variant="secondary">Current Plan</Badge>}
                {sub?.planId === plan.id && !current && (
                  // The same plan in the other interval is a change (and a charge), not this one.
                  <Badge variant="outline">
                    Your plan, billed {sub.interval === 'year' ? 'yearly' : 'monthly'}
                  </Badge>
                )}
              </h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {price === null ? (
              <p>Monthly billing only</p>
            ) : (
              <p className="omega-plan__price">
                {usd(price)}
                <span className="omega-muted">/{shown}</span>
              </p>
            )}
            {shown === 'year' &&
              plan.annualSavingPercent !== null &&
              plan.annualSavingPercent > 0 && (
                <p>
                  <Badge variant="outline">Save {plan.annualSavingPercent}%</Badge>
                </p>
              )}
            {plan.trialDays && price && sub?.trialOffered !== false ? (
              // Only where choosing it starts one: not for an account that had its trial or pays.
              <p className="omega-muted">{plan.trialDays}-day free trial</p>
            ) : null}
            <ul>
              {plan.perks.map((perk) => (
                <li key={perk}>{perk}</li>
              ))}
            </ul>
          </CardContent>
          <CardFooter>
            <Button
              disabled={(current && !keep) || price === null}
              onClick={() =>
                setChoice({ planId: plan.id, planName: plan.name, interval: shown, keep })
              }
            >
              {keep ? `Keep ${plan.name}` : current ? 'Current Plan' : `Choose ${plan.name}`}
            </Button>
          </CardFooter>
        </Card>
      </li>
    );
  }

  return (
    <main className="omega-page omega-stack">
      <h1>Choose a plan</h1>
      <PastDueBanner
        onUpdatePaymentMethod={() =>
          navigate(paths.subscription, { state: { updatePaymentMethod: true } })
        }
      />
      {error && <p role="alert">Could not load the plans: {errorMessage(error)}</p>}
      <Tabs
        value={interval}
        onValueChange={(v) => setInterval(v === 'year' ? 'year' : 'month')}
        className="omega-stack"
      >
        <TabsList aria-label="Billing interval">
          {INTERVALS.map((i) => (
            <TabsTrigger key={i.value} value={i.value}>
              {i.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {INTERVALS.map((i) => (
          <TabsContent key={i.value} value={i.value}>
            {!plans && !error && <Skeleton style={{ height: '16rem' }} />}
            <ul className="omega-plan-grid" aria-label="Plans">
              {plans?.map((plan) => planCard(plan, i.value))}
            </ul>
          </TabsContent>
        ))}
      </Tabs>
      <ChangePlanDialog
        choice={choice ?? chosenAtSignUp}
        onClose={closeDialog}
        reason={
          !choice && chosen
            ? {
                title: `Confirm your ${chosen.name} plan`,
                description:
                  'You chose this plan on the sign-in page. Check what it costs, then confirm it.',
              }
            : undefined
        }
      />
    </main>
  );
}
