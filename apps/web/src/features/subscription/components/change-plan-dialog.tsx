// Confirms a plan change after showing what it will cost, as computed by the server. When the
// change answers something else (a locked feature, a plan chosen at sign-up), that reason
// titles the dialog and the change comes under it.
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
import { type Interval, previewChange, useSubscriptionActions } from '../api/subscription-api.js';
import { ChangePreview } from './change-preview.js';

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
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Pages build the choice object as they render: the preview follows the plan and interval
  // chosen, not that object, so a page rendering again does not ask for it again.
  const planId = choice?.planId;
  const interval = choice?.interval;

  useEffect(() => {
    setPreview(null);
    setError(null);
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
    try {
      const message = await changePlan(choice.planId, choice.interval);
      toast({ title: 'Plan Updated', description: message });
      onClose();
    } catch (err) {
      toast({
        title: 'Failed to change plan',
        description: errorMessage(err),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  const change = `${choice?.keep ? 'Keep' : 'Change to'} ${choice?.planName ?? ''}`;
  const billed = interval === 'year' ? 'Billed yearly' : 'Billed monthly';
  return (
    <Dialog open={choice !== null} onOpenChange={(open) => !open && onClose()}>
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
        {preview && <ChangePreview preview={preview} />}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={!preview} loading={busy}>
            Confirm change
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
