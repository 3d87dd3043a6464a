// The 'Feature Locked' dialog for a feature no plan includes yet (for example one an admin has
// just added): there is no plan to upgrade to, so it explains that instead of offering a change.
import type { Feature } from '@omega/contracts';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@omega/ui';

export function FeatureNotOnAPlanDialog({
  feature,
  currentPlan,
  onClose,
}: {
  feature: Feature | null;
  currentPlan: string | undefined;
  onClose(): void;
}) {
  return (
    <Dialog open={feature !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Feature Locked</DialogTitle>
          <DialogDescription>
            {feature?.name} is not on any plan yet, so no upgrade unlocks it for now.
          </DialogDescription>
        </DialogHeader>
        <p>An administrator can add it to a plan, or switch it on for your account.</p>
        <p>
          Required plan: <strong>none yet</strong> · Current plan:{' '}
          <strong>{currentPlan ?? '…'}</strong>
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">OK</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
