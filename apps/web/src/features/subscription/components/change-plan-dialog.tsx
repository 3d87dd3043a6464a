// Confirms a plan change after showing what it will cost, as computed by the server.
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
import { type Interval, previewChange, useSubscriptionActions } from '../api/subscription-api.js';
import { ChangePreview } from './change-preview.js';

export interface PlanChoice {
  planId: string;
  planName: string;
  interval: Interval;
  /** The current plan chosen again, to drop a scheduled change or a cancellation. */
  keep?: boolean;
}

export function ChangePlanDialog({
  choice,
  onClose,
  intro,
}: {
  choice: PlanChoice | null;
  onClose(): void;
  intro?: ReactNode;
}) {
  const { changePlan } = useSubscriptionActions();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setPreview(null);
    setError(null);
    if (!choice) return;
    let live = true;
    previewChange(choice.planId, choice.interval).then(
      (p) => live && setPreview(p),
      (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [choice]);

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
        description: err instanceof Error ? err.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={choice !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {choice?.keep ? 'Keep' : 'Change to'} {choice?.planName}
          </DialogTitle>
          <DialogDescription>
            {choice?.interval === 'year' ? 'Billed yearly' : 'Billed monthly'}
          </DialogDescription>
        </DialogHeader>
        {intro}
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
