// Confirms a plan change after showing what it will cost, as computed by the server. When the
// change answers something else (a locked feature, a plan chosen at sign-up), that reason
// titles the dialog and the change comes under it. A paid plan needs a saved card: without one
// the card form opens here, and the change goes on once the card is saved; a refused charge is
// said in the dialog, the plan unchanged; a card whose bank asks for approval gets the
// authentication dialog over this one (issue 39).
import type { ChangePreview as Preview } from '@omega/contracts';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Spinner,
  toast,
} from '@omega/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/error-message.js';
import { useBillingConfig } from '../api/billing-api.js';
import { chargeErrorMessage, needsPaymentMethod, paymentProblem } from '../api/payment-errors.js';
import { StripeJsUnavailable } from '../api/stripe-js.js';
import {
  type Interval,
  previewChange,
  useCurrentSubscription,
  useSubscriptionActions,
} from '../api/subscription-api.js';
import { useApproval } from './authentication-dialog.js';
import { ChangePreview } from './change-preview.js';
import { day } from './money.js';
import { PaymentCardForm } from './payment-card-form.js';

export interface PlanChoice {
  planId: string;
  planName: string;
  interval: Interval;
  /** The current plan chosen again, to drop a scheduled change or a cancellation. */
  keep?: boolean;
}

/** Why the change is offered, when not simply chosen: it titles the dialog. */
export interface ChangeReason {
  title: string;
  description: string;
  details?: ReactNode;
}

export function ChangePlanDialog({
  choice,
  onClose,
  reason,
}: {
  choice: PlanChoice | null;
  onClose(): void;
  reason?: ChangeReason;
}) {
  const { changePlan } = useSubscriptionActions();
  const { data: billing } = useBillingConfig();
  const { data: current } = useCurrentSubscription();
  const { ask, dialog: approval, away } = useApproval();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The charge's refusal (402): said here, with the plan unchanged. */
  const [refused, setRefused] = useState<string | null>(null);
  /** The server asked for a card first: the card form replaces the confirmation. */
  const [askingForCard, setAskingForCard] = useState(false);
  // Pages build the choice object as they render: the preview follows the plan and interval
  // chosen, not that object, so a page rendering again does not ask for it again.
  const planId = choice?.planId;
  const interval = choice?.interval;

  useEffect(() => {
    setPreview(null);
    setError(null);
    setRefused(null);
    setAskingForCard(false);
    if (planId === undefined || interval === undefined) return;
    let live = true;
    previewChange(planId, interval).then(
      (p) => live && setPreview(p),
      (err: unknown) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [planId, interval]);

  async function confirm() {
    if (!choice) return;
    setBusy(true);
    setRefused(null);
    try {
      const answer = await changePlan(choice.planId, choice.interval, ask);
      // The server dates a scheduled change as an ISO day, for any client; the page says the
      // day as it writes every other one.
      const scheduled = 'preview' in answer && answer.preview.kind === 'scheduled';
      const message = scheduled
        ? `Your plan changes to ${choice.planName} on ${day(answer.preview.effectiveAt)}`
        : answer.message;
      toast({ title: 'Plan Updated', description: message });
      onClose();
    } catch (err) {
      if (needsPaymentMethod(err)) {
        setAskingForCard(true);
      } else if (paymentProblem(err) || err instanceof StripeJsUnavailable) {
        setRefused(chargeErrorMessage(err));
      } else {
        toast({
          title: 'Failed to change plan',
          description: errorMessage(err),
          variant: 'destructive',
        });
      }
    } finally {
      setBusy(false);
    }
  }

  const change = `${choice?.keep ? 'Keep' : 'Change to'} ${choice?.planName ?? ''}`;
  const billed = interval === 'year' ? 'Billed yearly' : 'Billed monthly';
  return (
    <>
      {/* Stripe.js's own bank step shows over the page meanwhile: this dialog steps aside. */}
      <Dialog open={choice !== null && !away} onOpenChange={(open) => !open && onClose()}>
        <DialogContent>
          {reason ? (
            <>
              <DialogHeader>
                <DialogTitle>{reason.title}</DialogTitle>
                <DialogDescription>{reason.description}</DialogDescription>
              </DialogHeader>
              {reason.details}
              <h3 className="omega-change__heading">{change}</h3>
              <p className="omega-muted">{billed}</p>
            </>
          ) : (
            <DialogHeader>
              <DialogTitle>{change}</DialogTitle>
              <DialogDescription>{billed}</DialogDescription>
            </DialogHeader>
          )}
          {!preview && !error && <Spinner aria-label="Working out the cost" />}
          {error && <p role="alert">{error}</p>}
          {preview && <ChangePreview preview={preview} trialing={current?.status === 'trialing'} />}
          {askingForCard ? (
            <>
              <p className="omega-change__heading">
                This plan is charged to a saved card. Add one to continue: the change goes ahead as
                soon as it is saved.
              </p>
              <PaymentCardForm
                config={billing}
                submitLabel="Save card and continue"
                onCancel={() => setAskingForCard(false)}
                onSaved={() => {
                  setAskingForCard(false);
                  return confirm();
                }}
              />
            </>
          ) : (
            <>
              {refused && (
                <p role="alert" className="omega-change__refused">
                  {refused.replace(/\.$/, '')}. Your plan has not changed.
                </p>
              )}
              <DialogFooter>
                <Button variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                {refused && (
                  <Button variant="outline" onClick={() => setAskingForCard(true)} disabled={busy}>
                    Use another card
                  </Button>
                )}
                <Button onClick={confirm} disabled={!preview} loading={busy}>
                  {refused ? 'Try again' : 'Confirm change'}
                </Button>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>
      {approval}
    </>
  );
}
