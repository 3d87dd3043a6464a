// User Subscriptions tab: a bulk plan update for the checked users (reviewed in a dry run
// before it is applied), and a searchable, paged table where each user's plan can be set on
// its own.
import type { Plan } from '@omega/contracts';
import {
  Button,
  Checkbox,
  Input,
  Label,
  Pager,
  Select,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@omega/ui';
import { useId, useState } from 'react';
import { usePlans } from '../../../lib/catalogue.js';
import { errorMessage } from '../../../lib/error-message.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { UserLink } from '../../../lib/user-link.js';
import { useFeatureManagerActions, useUsersPage } from '../api/admin-api.js';
import { BulkDryRun } from './bulk-dry-run.js';
import { usePendingActions } from './use-pending-actions.js';

export const USERS_PAGE_SIZE = 25;

const planOptions = (plans: readonly Plan[]) => plans.map((p) => ({ value: p.id, label: p.name }));

function BulkUpdate(props: {
  plans: readonly Plan[];
  selected: ReadonlySet<number>;
  onDone(): void;
}) {
  const [planId, setPlanId] = useState<string | undefined>(undefined);
  // The change under review: fixed when Update is pressed, whatever the table does meanwhile.
  const [review, setReview] = useState<{ userIds: number[]; planId: string } | null>(null);
  const id = useId();
  const count = props.selected.size;

  function update() {
    if (!planId || count === 0) return;
    setReview({ userIds: [...props.selected], planId });
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="omega-admin__bulk">
      <h3 id={`${id}-heading`}>Bulk plan update</h3>
      <div className="omega-admin__toolbar">
        <Label htmlFor={`${id}-plan`}>Plan for selected users</Label>
        <Select
          id={`${id}-plan`}
          aria-label="Plan for selected users"
          placeholder="Choose a plan"
          value={planId ?? ''}
          onValueChange={setPlanId}
          options={planOptions(props.plans)}
        />
        <Button onClick={update} disabled={!planId || count === 0} aria-haspopup="dialog">
          Update
        </Button>
        <span className="omega-muted" aria-live="polite">
          {count === 1 ? '1 user selected' : `${count} users selected`}
        </span>
      </div>
      {review && (
        <BulkDryRun
          userIds={review.userIds}
          planId={review.planId}
          plans={props.plans}
          onApplied={() => {
            setReview(null);
            props.onDone();
          }}
          onClose={() => setReview(null)}
        />
      )}
    </section>
  );
}

export function UserSubscriptions() {
  const { data: plans, error: plansError } = usePlans();
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const { pending: saving, run } = usePendingActions<number>();
  const query = useDebouncedValue(search.trim());
  const { data, error, isLoading } = useUsersPage({
    search: query,
    offset,
    limit: USERS_PAGE_SIZE,
  });
  const { overridePlan } = useFeatureManagerActions();
  const searchId = useId();

  if (plansError) return <p role="alert">Could not load the plans: {errorMessage(plansError)}</p>;
  if (!plans) return <Skeleton style={{ height: '16rem' }} />;

  const users = data?.items ?? [];
  const total = data?.total ?? 0;
  const pageIds = users.map((u) => u.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const planName = (planId: string) => plans.find((p) => p.id === planId)?.name ?? planId;

  const setChecked = (ids: readonly number[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const changePlan = (userId: number, planId: string) =>
    run(userId, () => overridePlan(userId, planId), {
      success: 'Subscription updated',
      failure: 'Failed to update subscription',
    });

  return (
    <div className="omega-stack">
      <BulkUpdate plans={plans} selected={selected} onDone={() => setSelected(new Set())} />
      <div className="omega-admin__toolbar">
        <Label htmlFor={searchId}>Search users</Label>
        <Input
          id={searchId}
          type="search"
          placeholder="Username contains…"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setOffset(0);
          }}
          className="omega-admin__search"
        />
      </div>
      {error && <p role="alert">Could not load the users: {errorMessage(error)}</p>}
      {isLoading && !data && <Skeleton style={{ height: '12rem' }} />}
      {data && users.length === 0 && (
        <p>{query ? `No users match '${query}'.` : 'No users yet.'}</p>
      )}
      {users.length > 0 && (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">
                <Checkbox
                  aria-label="Select every user on this page"
                  checked={allOnPage}
                  onCheckedChange={(on) => setChecked(pageIds, on === true)}
                />
              </TableHead>
              <TableHead scope="col">Username</TableHead>
              <TableHead scope="col">Role</TableHead>
              <TableHead scope="col">Status</TableHead>
              <TableHead scope="col">Plan</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.map((u) => (
              <TableRow key={u.id}>
                <TableCell>
                  <Checkbox
                    aria-label={`Select ${u.username}`}
                    checked={selected.has(u.id)}
                    onCheckedChange={(on) => setChecked([u.id], on === true)}
                  />
                </TableCell>
                <TableCell>
                  <UserLink id={u.id}>{u.username}</UserLink>
                </TableCell>
                <TableCell>{u.role}</TableCell>
                <TableCell>{u.subscription.status}</TableCell>
                <TableCell>
                  <Select
                    aria-label={`Plan for ${u.username}`}
                    value={u.subscription.planId}
                    disabled={saving.has(u.id)}
                    onValueChange={(planId) => changePlan(u.id, planId)}
                    options={
                      plans.some((p) => p.id === u.subscription.planId)
                        ? planOptions(plans)
                        : [
                            ...planOptions(plans),
                            {
                              value: u.subscription.planId,
                              label: planName(u.subscription.planId),
                            },
                          ]
                    }
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {total > 0 && (
        <Pager
          aria-label="User pages"
          offset={offset}
          pageSize={USERS_PAGE_SIZE}
          shown={users.length}
          total={total}
          onChange={setOffset}
        />
      )}
    </div>
  );
}
