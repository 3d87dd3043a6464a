// The plans as a visitor sees them on /auth, loaded only when asked for so the sign-in page's
// first load stays small: the plan comparison with a 'Sign Up Now' button per plan (spec
// section 2, 'Plan comparison table'), and a note of the plan chosen there. Both read the
// public plan list; the rest of the subscription screens are for signed-in users.
import type { Plan } from '@omega/contracts';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Skeleton,
} from '@omega/ui';
import { usePlans } from '../../../lib/catalogue.js';
import { usd } from '../components/money.js';
import { featuresOfPlans, PlanComparisonTable } from '../components/plan-comparison-table.js';
import '../components/subscription.css';
import { errorMessage } from '../../../lib/error-message.js';

export function VisitorPlanComparison({
  onClose,
  onSignUp,
}: {
  onClose(): void;
  onSignUp(plan: Plan): void;
}) {
  const { data: plans, error } = usePlans();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="omega-compare-dialog">
        <DialogHeader>
          <DialogTitle>Compare plans</DialogTitle>
          <DialogDescription>
            Pick a plan, then register. For a paid plan you see what it costs and confirm it before
            anything is charged.
          </DialogDescription>
        </DialogHeader>
        {error && <p role="alert">Could not load the plans: {errorMessage(error)}</p>}
        {!plans && !error && <Skeleton style={{ height: '12rem' }} />}
        {plans && (
          <PlanComparisonTable
            plans={plans}
            features={featuresOfPlans(plans)}
            planAction={(plan) => (
              // The name says which plan; it starts with the words shown, for voice control.
              <Button
                size="sm"
                aria-label={`Sign Up Now for ${plan.name}`}
                onClick={() => onSignUp(plan)}
              >
                Sign Up Now
              </Button>
            )}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The paid plan a visitor chose, said again beside the forms that will apply it. */
export function ChosenPlanNote({ planId }: { planId: string }) {
  const { data: plans } = usePlans();
  const plan = plans?.find((p) => p.id === planId);
  if (!plan) return null;
  return (
    <p role="status" className="omega-notice">
      Chosen plan: <strong>{plan.name}</strong> ({usd(plan.price)}/month
      {plan.trialDays ? `, ${plan.trialDays}-day free trial` : ''}). Once you are signed in you see
      what it costs and confirm it.
    </p>
  );
}
