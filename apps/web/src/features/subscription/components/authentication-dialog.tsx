// A bank's check of a payment (3-D Secure), as the provider that collects payments runs it. The
// demo provider's stand-in: a payment with the 4000 0025 0000 3155 card waits until the user
// approves it in this dialog, which traps focus; Escape, the close button and 'Cancel' all refuse
// the payment. With Stripe, Stripe.js shows the bank's own step (handleNextAction), and the
// server then reads from Stripe how it went.
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@omega/ui';
import { type ReactNode, useCallback, useState } from 'react';
import { useBillingConfig } from '../api/billing-api.js';
import type { AskApproval, PaymentAction } from '../api/payment-errors.js';
import { StripeJsUnavailable, stripeFor } from '../api/stripe-js.js';
import { usd } from './money.js';

export function AuthenticationDialog(props: {
  action: PaymentAction | null;
  onAnswer(approve: boolean): void;
}) {
  const { action, onAnswer } = props;
  return (
    <Dialog open={action !== null} onOpenChange={(open) => !open && onAnswer(false)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirm this payment</DialogTitle>
          <DialogDescription>
            Your bank asks you to confirm the payment of {usd(action?.amount ?? 0)}.
          </DialogDescription>
        </DialogHeader>
        <p className="omega-muted">
          In demo mode this dialog stands in for your bank's own check. Cancel refuses the payment,
          and nothing is charged.
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={() => onAnswer(false)}>
            Cancel
          </Button>
          <Button onClick={() => onAnswer(true)}>Confirm payment</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The bank's check and the way to start it: `ask(action)` resolves with the user's answer
 * (with Stripe, whether Stripe.js reported it passed; the server reads the outcome from Stripe
 * either way). Render `dialog` where the asking component renders. `away` is true while
 * Stripe.js shows its own step over the page: a modal dialog of ours must step aside meanwhile,
 * as it would hold the pointer and the focus away from Stripe's (radix-ui/primitives#2122).
 */
export function useApproval(): { ask: AskApproval; dialog: ReactNode; away: boolean } {
  const { data: config } = useBillingConfig();
  const stripeKey = config?.provider === 'stripe' ? config.publishableKey : null;
  const [pending, setPending] = useState<{
    action: PaymentAction;
    resolve(approve: boolean): void;
  } | null>(null);
  const [away, setAway] = useState(false);
  const ask = useCallback<AskApproval>(
    async (action) => {
      if (config?.provider !== 'stripe') {
        return new Promise<boolean>((resolve) => setPending({ action, resolve }));
      }
      if (!stripeKey || !action.clientSecret) throw new StripeJsUnavailable();
      const stripe = await stripeFor(stripeKey);
      setAway(true);
      try {
        const { error } = await stripe.handleNextAction({ clientSecret: action.clientSecret });
        return !error;
      } finally {
        setAway(false);
      }
    },
    [config?.provider, stripeKey],
  );
  const dialog =
    config?.provider === 'stripe' ? null : (
      <AuthenticationDialog
        action={pending?.action ?? null}
        onAnswer={(approve) => {
          pending?.resolve(approve);
          setPending(null);
        }}
      />
    );
  return { ask, dialog, away };
}
