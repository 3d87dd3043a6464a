// The demo provider's stand-in for a bank's check (3-D Secure): a payment with the
// 4000 0025 0000 3155 card waits until the user approves it here. The dialog traps focus;
// Escape, the close button and 'Cancel' all refuse the payment.
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
import type { AskApproval, PaymentAction } from '../api/payment-errors.js';
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
 * The dialog and the way to open it: `ask(action)` shows it and resolves with the user's
 * answer. Render `dialog` where the asking component renders.
 */
export function useApproval(): { ask: AskApproval; dialog: ReactNode } {
  const [pending, setPending] = useState<{
    action: PaymentAction;
    resolve(approve: boolean): void;
  } | null>(null);
  const ask = useCallback<AskApproval>(
    (action) => new Promise<boolean>((resolve) => setPending({ action, resolve })),
    [],
  );
  const dialog = (
    <AuthenticationDialog
      action={pending?.action ?? null}
      onAnswer={(approve) => {
        pending?.resolve(approve);
        setPending(null);
      }}
    />
  );
  return { ask, dialog };
}
