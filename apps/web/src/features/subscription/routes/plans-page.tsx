// /subscription/plans: the plan chooser, monthly or yearly with the yearly saving; a choice
// shows its cost from the server's preview before it is confirmed.
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
  TabsList,
  TabsTrigger,
} from '@omega/ui';
import { useState } from 'react';
import { type Interval, useCurrentSubscription, usePlans } from '../api/subscription-api.js';
import { ChangePlanDialog, type PlanChoice } from '../components/change-plan-dialog.js';
import { usd } from '../components/money.js';

export function PlansPage() {
  const { data: plans, error } = usePlans();
  const { data: sub } = useCurrentSubscription();
  const [interval, setInterval] = useState<Interval>('month');
  const [choice, setChoice] = useState<PlanChoice | null>(null);

  return (
    <main className="omega-page omega-stack">
      <h1>Choose a plan</h1>
      <Tabs value={interval} onValueChange={(v) => setInterval(v === 'year' ? 'year' : 'month')}>
        <TabsList aria-label="Billing interval">
          <TabsTrigger value="month">Monthly</TabsTrigger>
          <TabsTrigger value="year">Yearly</TabsTrigger>
        </TabsList>
      </Tabs>
      {error && <p role="alert">Could not load the plans: {error.message}</p>}
      {!plans && !error && <Skeleton style={{ height: '16rem' }} />}
      <div className="omega-plan-grid">
        {plans?.map((plan) => {
          const price = interval === 'year' ? plan.annualPrice : plan.price;
          const current = sub?.planId === plan.id && sub.interval === interval;
          // Choosing the current plan again drops a scheduled change or a cancellation.
          const keep = current && (sub.scheduledChange !== null || sub.cancelAtPeriodEnd);
          return (
            <Card
              key={plan.id}
              className={plan.isPopular ? 'omega-plan omega-plan--popular' : 'omega-plan'}
            >
              <CardHeader>
                <CardTitle>
                  <h2 className="omega-card-heading">
                    {plan.name} {plan.isPopular && <Badge>Most Popular</Badge>}{' '}
                    {sub?.planId === plan.id && <Badge variant="secondary">Current Plan</Badge>}
                  </h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                {price === null ? (
                  <p>Monthly billing only</p>
                ) : (
                  <p className="omega-plan__price">
                    {usd(price)}
                    <span className="omega-muted">/{interval}</span>
                  </p>
                )}
                {interval === 'year' &&
                  plan.annualSavingPercent !== null &&
                  plan.annualSavingPercent > 0 && (
                    <p>
                      <Badge variant="outline">Save {plan.annualSavingPercent}%</Badge>
                    </p>
                  )}
                {plan.trialDays ? (
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
                    setChoice({ planId: plan.id, planName: plan.name, interval, keep })
                  }
                >
                  {keep ? `Keep ${plan.name}` : current ? 'Current Plan' : `Choose ${plan.name}`}
                </Button>
              </CardFooter>
            </Card>
          );
        })}
      </div>
      <ChangePlanDialog choice={choice} onClose={() => setChoice(null)} />
    </main>
  );
}
