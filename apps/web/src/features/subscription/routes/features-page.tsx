// /subscription/features: every feature marked Available or Locked; a locked one explains
// which plan it needs and what upgrading would cost today, or that no plan includes it yet.
import type { Feature } from '@omega/contracts';
import { lockedFlowMessage } from '@omega/domain';
import {
  Badge,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Skeleton,
} from '@omega/ui';
import { useState } from 'react';
import { useFeatures, usePlans } from '../../../lib/catalogue.js';
import { useCurrentSubscription, useUserFeatures } from '../api/subscription-api.js';
import { ChangePlanDialog } from '../components/change-plan-dialog.js';
import { FeatureNotOnAPlanDialog } from '../components/feature-not-on-a-plan-dialog.js';
import '../components/subscription.css';
import { errorMessage } from '../../../lib/error-message.js';

export function FeaturesPage() {
  const { data: features, error } = useFeatures();
  const { data: mine } = useUserFeatures();
  const { data: plans } = usePlans();
  const { data: sub } = useCurrentSubscription();
  const [locked, setLocked] = useState<Feature | null>(null);

  const available = new Set(mine ?? []);
  const required = plans?.find((p) => p.name === locked?.requiredPlan);

  return (
    <main className="omega-page omega-stack">
      <h1>Features</h1>
      {error && <p role="alert">Could not load the features: {errorMessage(error)}</p>}
      {(!features || !mine) && !error && <Skeleton style={{ height: '12rem' }} />}
      <ul className="omega-plan-grid" aria-label="Features">
        {features?.map((f) => {
          const on = available.has(f.id);
          return (
            <li key={f.id}>
              <button
                type="button"
                className="omega-feature-card"
                onClick={() => !on && setLocked(f)}
              >
                <Card>
                  <CardHeader>
                    <CardTitle>{f.name}</CardTitle>
                    <CardDescription>{f.category}</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <p>{f.description}</p>
                    {on ? <Badge>Available</Badge> : <Badge variant="destructive">Locked</Badge>}
                  </CardContent>
                </Card>
              </button>
            </li>
          );
        })}
      </ul>
      <FeatureNotOnAPlanDialog
        feature={locked?.requiredPlan === null ? locked : null}
        currentPlan={sub?.planName}
        onClose={() => setLocked(null)}
      />
      <ChangePlanDialog
        choice={
          locked && required
            ? { planId: required.id, planName: required.name, interval: sub?.interval ?? 'month' }
            : null
        }
        onClose={() => setLocked(null)}
        reason={
          locked
            ? {
                title: 'Feature Locked',
                description: lockedFlowMessage({ plan: locked.requiredPlan }),
                details: (
                  <p>
                    Required plan: <strong>{locked.requiredPlan}</strong> · Current plan:{' '}
                    <strong>{sub?.planName ?? '…'}</strong>
                  </p>
                ),
              }
            : undefined
        }
      />
    </main>
  );
}
