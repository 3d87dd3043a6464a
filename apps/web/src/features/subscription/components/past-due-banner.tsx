// The banner of a past-due subscription (issue 39): the renewal's charge failed, how much is
// owed, when it is tried again and when the plan moves to Free — with 'Pay now' and 'Update
// payment method'. Shown on the subscription pages, where the plan is; nothing when the
// subscription is in good standing.
import { Button, Callout, toast } from '@omega/ui';
import { useState } from 'react';
import { useBillingActions } from '../api/billing-api.js';
import { chargeErrorMessage } from '../api/payment-errors.js';
import { useCurrentSubscription } from '../api/subscription-api.js';
import { useApproval } from './authentication-dialog.js';
import { day, usd } from './money.js';

/** 'Your card was declined' read inside a sentence, without its closing full stop. */
const inSentence = (text: string) =>
  text.charAt(0).toLowerCase() + text.slice(1).replace(/\.$/, '');

export function PastDueBanner(props: {
  /** 'Update payment method': opens the card form (the subscription page) or goes to it. */
  onUpdatePaymentMethod(): void;
}) {
  const { data: sub } = useCurrentSubscription();
  const { payNow } = useBillingActions();
  const { ask, dialog } = useApproval();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  const due = sub?.status === 'past_due' ? sub.pastDue : null;
  if (!sub || !due) return dialog;

  async function pay() {
    setBusy(true);
    setFailed(null);
    try {
      const message = await payNow(ask);
      toast({ title: 'Payment received', description: message });
    } catch (err) {
      setFailed(chargeErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Callout
        variant="destructive"
        title="Your payment failed"
        className="omega-past-due"
        actions={
          <>
            <Button loading={busy} onClick={pay}>
              Pay now
            </Button>
            <Button variant="outline" onClick={props.onUpdatePaymentMethod}>
              Update payment method
            </Button>
          </>
        }
      >
        <p>
          We could not collect {usd(due.amountDue)} for your {sub.planName} plan
          {due.failureMessage ? `: ${inSentence(due.failureMessage)}` : ''}.{' '}
          {due.nextRetryAt
            ? `We will try again on ${day(due.nextRetryAt)}.`
            : 'We will not try again.'}{' '}
          Unless it is paid by {day(due.graceEndsAt)}, your plan moves to Free.
        </p>
        {failed && <p className="omega-past-due__error">{failed}</p>}
      </Callout>
      {dialog}
    </>
  );
}
