// /subscription: status, period and next charge (or 'Complimentary' for a plan an admin
// assigned), cancel or resume, the admin-override notice, the past-due banner and the saved
// card (issue 39), billing history with each invoice's status and charge attempts, and the
// plan comparison table (spec section 2, 'Subscription screens').
import { canCancel, FREE_PLAN_ID } from '@omega/domain';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  Tooltip,
  toast,
  useConfirm,
} from '@omega/ui';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useFeatures, usePlans } from '../../../lib/catalogue.js';
import { paths } from '../../../lib/paths.js';
import { useSession } from '../../../lib/session.js';
import {
  useBillingHistory,
  useCurrentSubscription,
  useOverrideInfo,
  useSubscriptionActions,
} from '../api/subscription-api.js';
import { InvoiceStatus } from '../components/invoice-status.js';
import { day, usd } from '../components/money.js';
import { PastDueBanner } from '../components/past-due-banner.js';
import {
  PAYMENT_METHOD_SECTION_ID,
  PaymentMethodSection,
} from '../components/payment-method-section.js';
import { PlanComparisonTable } from '../components/plan-comparison-table.js';
import '../components/subscription.css';
import { errorMessage } from '../../../lib/error-message.js';
import { useOneAtATime } from '../../../lib/use-one-at-a-time.js';

function StatusCard() {
  const { data: sub, error } = useCurrentSubscription();
  const { data: plans } = usePlans();
  const { user } = useSession();
  const { data: override } = useOverrideInfo(user?.id);
  const { cancel, resume } = useSubscriptionActions();
  const resuming = useOneAtATime();
  const confirm = useConfirm();

  if (error) return <p role="alert">Could not load your subscription: {errorMessage(error)}</p>;
  if (!sub) return <Skeleton style={{ height: '8rem' }} />;

  async function onCancel() {
    // Past due, the period was never paid: cancelling ends it now (the server voids what it owed).
    const unpaid = sub?.status === 'past_due';
    const ok = await confirm({
      title: 'Cancel your subscription?',
      description: unpaid
        ? 'Your last payment did not go through. Cancelling ends the subscription now: nothing more is charged, and you move to the Free plan.'
        : `It stays active until ${day(sub?.currentPeriodEnd ?? '')}, then moves to the Free plan.`,
      confirmLabel: 'Cancel subscription',
      cancelLabel: 'Keep it',
      destructive: true,
    });
    if (!ok) return;
    try {
      await cancel();
      toast({
        title: 'Subscription Cancelled',
        description: unpaid
          ? 'You are on the Free plan now; nothing more will be charged.'
          : 'It ends at the end of the period.',
      });
    } catch (err) {
      toast({
        title: 'Failed to cancel subscription',
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  }

  function onResume() {
    return resuming.run(async () => {
      try {
        await resume();
        toast({ title: 'Subscription Resumed' });
      } catch (err) {
        toast({
          title: 'Failed to resume subscription',
          description: errorMessage(err),
          variant: 'destructive',
        });
      }
    });
  }

  const scheduled = sub.scheduledChange;
  const scheduledName = plans?.find((p) => p.id === scheduled?.planId)?.name ?? scheduled?.planId;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="omega-card-heading">
            {sub.planName} plan{' '}
            <Badge variant={sub.status === 'past_due' ? 'destructive' : 'secondary'}>
              {sub.status.replace('_', ' ')}
            </Badge>
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="omega-facts">
          <dt>Billing</dt>
          <dd>
            {sub.complimentary
              ? 'Complimentary — assigned by an administrator'
              : sub.interval === 'year'
                ? 'Yearly'
                : 'Monthly'}
          </dd>
          <dt>Current period</dt>
          <dd>
            {day(sub.currentPeriodStart)} – {day(sub.currentPeriodEnd)}
          </dd>
          {sub.trialEnd && (
            <>
              <dt>Trial ends</dt>
              <dd>{day(sub.trialEnd)}</dd>
            </>
          )}
          {scheduled && (
            <>
              <dt>Scheduled change</dt>
              <dd>
                To {scheduledName} on {day(sub.currentPeriodEnd)}
                {sub.cancelAtPeriodEnd ? ' if you resume' : ''}
              </dd>
            </>
          )}
          {sub.nextCharge && (
            <>
              <dt>Next charge</dt>
              <dd>
                {usd(sub.nextCharge.amount)} on {day(sub.nextCharge.at)}
              </dd>
            </>
          )}
          {sub.creditBalance > 0 && (
            <>
              <dt>Credit</dt>
              <dd>{usd(sub.creditBalance)}</dd>
            </>
          )}
        </dl>
        {sub.cancelAtPeriodEnd && (
          <p role="status">Your subscription ends on {day(sub.currentPeriodEnd)}.</p>
        )}
        {override?.overriddenByAdmin && (
          <p role="status" className="omega-notice">
            An administrator set your plan
            {override.overrideDate ? ` on ${day(override.overrideDate)}` : ''}
            {override.proRatedAmount
              ? ` (a pro-rated adjustment of ${usd(override.proRatedAmount)} was waived)`
              : ''}
            .
          </p>
        )}
        <div className="omega-actions">
          {canCancel(sub) && (
            <Button variant="outline" onClick={onCancel}>
              Cancel Subscription
            </Button>
          )}
          {sub.cancelAtPeriodEnd && (
            <Button loading={resuming.busy} onClick={onResume}>
              Resume
            </Button>
          )}
          <Button asChild variant="secondary">
            <Link to={paths.subscriptionFeatures}>View features</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function BillingHistory() {
  const { data, error } = useBillingHistory();
  if (error) return <p role="alert">Could not load your billing history: {errorMessage(error)}</p>;
  if (!data) return <Skeleton style={{ height: '6rem' }} />;
  if (data.length === 0) return <p>No invoices yet.</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls in this box, which must take focus to scroll by keyboard (axe: scrollable-region-focusable).
    <section className="omega-scroll-box" aria-label="Invoices" tabIndex={0}>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Date</TableHead>
            <TableHead>Description</TableHead>
            <TableHead>Amount</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Attempts</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.map((item) => (
            <TableRow key={item.id}>
              <TableCell>{day(item.created)}</TableCell>
              <TableCell>{item.description}</TableCell>
              <TableCell>{usd(item.amount)}</TableCell>
              <TableCell>
                <InvoiceStatus invoice={item} />
              </TableCell>
              <TableCell>{item.attempts}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

function PlanComparison() {
  const { data: plans } = usePlans();
  const { data: features } = useFeatures();
  const { data: sub } = useCurrentSubscription();
  const { user } = useSession();
  const { data: override } = useOverrideInfo(user?.id);
  if (!plans || !features) return <Skeleton style={{ height: '12rem' }} />;

  // A visitor's 'Sign Up Now' is on /auth: this page is for signed-in users only.
  const onPaidPlan = sub !== undefined && sub.planId !== FREE_PLAN_ID;
  const mainLabel = onPaidPlan
    ? `Upgrade Plan${override?.proRatedAmount ? ` (pro-rated adjustment ${usd(override.proRatedAmount)})` : ''}`
    : 'Choose a Plan';

  return (
    <section aria-labelledby="compare-heading">
      <div className="omega-page__header">
        <h2>
          <span id="compare-heading">Compare plans</span>{' '}
          <Tooltip content="Administrators can also upgrade or change your plan for you">
            <button type="button" className="omega-field__hint" aria-label="About admin upgrades">
              ?
            </button>
          </Tooltip>
        </h2>
        <Button asChild>
          <Link to={paths.subscriptionPlans}>{mainLabel}</Link>
        </Button>
      </div>
      <PlanComparisonTable plans={plans} features={features} currentPlanId={sub?.planId} />
    </section>
  );
}

/** Set in the location's state by a link that means 'open the card form' (the plans page's banner). */
export interface SubscriptionPageState {
  updatePaymentMethod?: boolean;
}

export function SubscriptionPage() {
  const state = useLocation().state as SubscriptionPageState | null;
  const [editingCard, setEditingCard] = useState(state?.updatePaymentMethod === true);
  return (
    <main className="omega-page omega-stack">
      <h1>Subscription</h1>
      <PastDueBanner
        onUpdatePaymentMethod={() => {
          setEditingCard(true);
          document.getElementById(PAYMENT_METHOD_SECTION_ID)?.scrollIntoView?.({ block: 'start' });
        }}
      />
      <StatusCard />
      <PaymentMethodSection editing={editingCard} onEditingChange={setEditingCard} />
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">Billing history</h2>
        <BillingHistory />
      </section>
      <PlanComparison />
    </main>
  );
}
