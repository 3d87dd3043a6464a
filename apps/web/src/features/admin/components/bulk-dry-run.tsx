// The confirmation step of a bulk plan change: the server's dry run (nothing is changed yet)
// shows how many users move from which plan to which and what each is charged or credited,
// computed by the same code that applies it; Apply sends the dry run's token back, so a change
// whose users moved on meanwhile is refused and the dry run is shown afresh.
import type { BulkOverridePreview, Plan } from '@omega/contracts';
import { formatMoney } from '@omega/domain';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Skeleton,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from '@omega/ui';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/error-message.js';
import { useFeatureManagerActions } from '../api/admin-api.js';
import { failureToast } from './failure-toast.js';
import './bulk-dry-run.css';

const money = (cents: number) => formatMoney(cents, { currency: 'USD' });

type Load =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; preview: BulkOverridePreview };

/** One sentence per move: '2 users from Free to Pro'; staying put is said so. */
function movesSentence(preview: BulkOverridePreview, planName: (id: string) => string) {
  return preview.moves
    .map((m) => {
      const who = m.count === 1 ? '1 user' : `${m.count} users`;
      return m.fromPlanId === m.toPlanId
        ? `${who} already on ${planName(m.toPlanId)}`
        : `${who} from ${planName(m.fromPlanId)} to ${planName(m.toPlanId)}`;
    })
    .join('; ');
}

export function BulkDryRun(props: {
  userIds: readonly number[];
  planId: string;
  plans: readonly Plan[];
  onApplied(): void;
  onClose(): void;
}) {
  const { previewBulkOverride, bulkOverridePlan } = useFeatureManagerActions();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [applying, setApplying] = useState(false);
  const { userIds, planId } = props;
  const planName = (id: string) => props.plans.find((p) => p.id === id)?.name ?? id;

  async function run() {
    setLoad({ state: 'loading' });
    try {
      setLoad({ state: 'ready', preview: await previewBulkOverride([...userIds], planId) });
    } catch (err) {
      setLoad({ state: 'failed', message: errorMessage(err) });
    }
  }

  // One dry run per change under review: `run` itself is new on every render.
  useEffect(() => {
    void run();
  }, [userIds, planId]);

  async function apply() {
    if (load.state !== 'ready') return;
    setApplying(true);
    try {
      await bulkOverridePlan([...userIds], planId, load.preview.token);
      toast({ title: 'Subscriptions updated' });
      props.onApplied();
    } catch (err) {
      failureToast('Failed to update subscriptions', err);
      // Whatever refused it (often someone changed in between), show the change as it now is.
      void run();
    } finally {
      setApplying(false);
    }
  }

  const preview = load.state === 'ready' ? load.preview : null;
  const changing = preview?.users.filter((u) => u.fromPlanId !== u.toPlanId).length ?? 0;

  return (
    <Dialog open onOpenChange={(open) => !open && !applying && props.onClose()}>
      <DialogContent className="omega-admin__dry-run">
        <DialogHeader>
          <DialogTitle>Review the plan change</DialogTitle>
          <DialogDescription>
            Nothing has changed yet. This is what applying will do to the{' '}
            {userIds.length === 1 ? 'selected user' : `${userIds.length} selected users`}, all at
            once or not at all.
          </DialogDescription>
        </DialogHeader>
        <div aria-live="polite" aria-busy={load.state === 'loading'}>
          {load.state === 'loading' && (
            <>
              <p className="omega-muted">Working out the change…</p>
              <Skeleton style={{ height: '8rem' }} />
            </>
          )}
          {load.state === 'failed' && (
            <div role="alert">
              <p>Could not work out the change: {load.message}</p>
              <Button variant="outline" onClick={() => void run()}>
                Try again
              </Button>
            </div>
          )}
          {preview && (
            <>
              <p>
                {changing === 0
                  ? `Nobody changes plan: every selected user is already on ${preview.planName}. Applying makes the plan complimentary for them.`
                  : `${movesSentence(preview, planName)}.`}
              </p>
              <Table>
                <TableCaption>
                  Plans set by an administrator are not charged; “Would have cost” is what the user
                  would have paid to change themselves, kept on record.
                </TableCaption>
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">User</TableHead>
                    <TableHead scope="col">From plan</TableHead>
                    <TableHead scope="col">To plan</TableHead>
                    <TableHead scope="col">Charged now</TableHead>
                    <TableHead scope="col">Credited</TableHead>
                    <TableHead scope="col">Would have cost</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {preview.users.map((u) => (
                    <TableRow key={u.userId}>
                      <TableHead scope="row">{u.username}</TableHead>
                      <TableCell>{planName(u.fromPlanId)}</TableCell>
                      <TableCell>
                        {planName(u.toPlanId)}
                        {u.complimentary ? ' (complimentary)' : ''}
                      </TableCell>
                      <TableCell>{money(u.chargedNow)}</TableCell>
                      <TableCell>{money(u.credited)}</TableCell>
                      <TableCell>{money(u.wouldHaveCharged)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                <tfoot>
                  <TableRow>
                    <TableHead scope="row" colSpan={3}>
                      Total (
                      {preview.totals.users === 1 ? '1 user' : `${preview.totals.users} users`})
                    </TableHead>
                    <TableCell>{money(preview.totals.chargedNow)}</TableCell>
                    <TableCell>{money(preview.totals.credited)}</TableCell>
                    <TableCell>{money(preview.totals.wouldHaveCharged)}</TableCell>
                  </TableRow>
                </tfoot>
              </Table>
            </>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={props.onClose} disabled={applying}>
            Cancel
          </Button>
          <Button onClick={apply} disabled={!preview} loading={applying}>
            Apply
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
