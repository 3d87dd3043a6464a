// Feature Overrides tab: find a user, then switch each feature on or off for that user alone,
// whatever their plan says. Each change asks why (required) and, optionally, until when: an
// override stops applying by itself at its expiry. Each override in force shows who set it,
// why and until when.
import type { Feature, UserFeatureOverride, UserWithSubscription } from '@omega/contracts';
import { Button, Input, Label, Select, Skeleton, Switch, Textarea } from '@omega/ui';
import { type FormEvent, useId, useState } from 'react';
import { useFeatures } from '../../../lib/catalogue.js';
import { errorMessage } from '../../../lib/error-message.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import {
  useFeatureManagerActions,
  useUserFeatures,
  useUserOverrides,
  useUsersPage,
} from '../api/admin-api.js';
import { usePendingActions } from './use-pending-actions.js';
import './feature-overrides.css';

const PICKER_LIMIT = 50;
const MAX_REASON = 500;

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Who set the override, why, and until when, as one line under the feature. */
function OverrideNote({ override }: { override: UserFeatureOverride }) {
  return (
    <p className="omega-muted omega-admin__override-note">
      Override {override.enabled ? 'on' : 'off'}, set by{' '}
      {override.setBy ? override.setBy.username : 'an unknown administrator'} on{' '}
      {when(override.setAt)}:{' '}
      {override.reason === null ? 'no reason given' : `“${override.reason}”`}.{' '}
      {override.expiresAt ? `Until ${when(override.expiresAt)}.` : 'No expiry.'}
    </p>
  );
}

interface Change {
  feature: Feature;
  enabled: boolean;
}

interface FormErrors {
  reason?: string;
  expiresAt?: string;
}

/** Asks why the override is set and, optionally, until when; then sets it. */
export function OverrideForm(props: {
  user: UserWithSubscription;
  change: Change;
  onSave(why: { reason: string; expiresAt?: string }): Promise<void>;
  onCancel(): void;
}) {
  const { user, change } = props;
  const [reason, setReason] = useState('');
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const id = useId();
  const action = `Turn ${change.feature.name} ${change.enabled ? 'on' : 'off'} for ${user.username}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: FormErrors = {};
    const why = reason.trim();
    if (!why) next.reason = 'Enter a reason: say why this override is set';
    else if (why.length > MAX_REASON)
      next.reason = `Keep the reason under ${MAX_REASON} characters`;
    // A datetime-local value is the viewer's local time; the server gets the instant.
    const at = expiry ? new Date(expiry) : undefined;
    if (at && Number.isNaN(at.getTime())) next.expiresAt = 'Enter a whole date and time';
    else if (at && at.getTime() <= Date.now()) next.expiresAt = 'The expiry must be in the future';
    setErrors(next);
    if (next.reason || next.expiresAt) return;
    setBusy(true);
    try {
      await props.onSave({ reason: why, ...(at ? { expiresAt: at.toISOString() } : {}) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="omega-form omega-admin__form"
      aria-label={action}
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') props.onCancel();
      }}
      noValidate
    >
      <h3>{action}</h3>
      <div className="omega-field">
        <Label htmlFor={`${id}-reason`}>Reason</Label>
        <Textarea
          id={`${id}-reason`}
          rows={2}
          value={reason}
          maxLength={MAX_REASON}
          required
          // The form opens on a switch press: the reason is what is asked next.
          autoFocus
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {errors.reason && (
          <p id={`${id}-reason-error`} className="omega-field__error" role="alert">
            {errors.reason}
          </p>
        )}
      </div>
      <div className="omega-field">
        <Label htmlFor={`${id}-expiry`}>Expires (optional)</Label>
        <Input
          id={`${id}-expiry`}
          type="datetime-local"
          value={expiry}
          aria-invalid={errors.expiresAt ? true : undefined}
          aria-describedby={`${id}-expiry-${errors.expiresAt ? 'error' : 'hint'}`}
          onChange={(e) => setExpiry(e.target.value)}
        />
        {errors.expiresAt ? (
          <p id={`${id}-expiry-error`} className="omega-field__error" role="alert">
            {errors.expiresAt}
          </p>
        ) : (
          <p id={`${id}-expiry-hint`} className="omega-muted">
            Leave empty to keep the override until it is changed.
          </p>
        )}
      </div>
      <div className="omega-admin__toolbar">
        <Button type="submit" loading={busy}>
          Save override
        </Button>
        <Button type="button" variant="outline" onClick={props.onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function UserFeatureSwitches({ user }: { user: UserWithSubscription }) {
  const { data: features, error: featuresError } = useFeatures();
  const { data: enabledIds, error } = useUserFeatures(user.id);
  const { data: overrides, error: overridesError } = useUserOverrides(user.id);
  const { overrideFeature } = useFeatureManagerActions();
  const { pending, run } = usePendingActions<number>();
  const [change, setChange] = useState<Change | null>(null);

  const failed = featuresError ?? error ?? overridesError;
  if (failed)
    return (
      <p role="alert">
        Could not load {user.username}'s features: {errorMessage(failed)}
      </p>
    );
  if (!features || !enabledIds || !overrides) return <Skeleton style={{ height: '10rem' }} />;
  if (features.length === 0) return <p>No features yet.</p>;
  const enabled = new Set(enabledIds);
  const overrideOf = new Map(overrides.map((o) => [o.featureId, o]));

  const save = (c: Change, why: { reason: string; expiresAt?: string }) =>
    run(
      c.feature.id,
      async () => {
        await overrideFeature(user.id, c.feature.id, c.enabled, why);
        setChange(null);
      },
      { success: 'Override updated', failure: 'Failed to override feature' },
    );

  return (
    <div className="omega-stack">
      <ul className="omega-admin__switch-list" aria-label={`Features of ${user.username}`}>
        {features.map((f) => {
          const override = overrideOf.get(f.id);
          return (
            <li key={f.id}>
              <Switch
                id={`override-${user.id}-${f.id}`}
                checked={enabled.has(f.id)}
                disabled={pending.has(f.id)}
                onCheckedChange={(on) => setChange({ feature: f, enabled: on })}
              />
              <div>
                <Label htmlFor={`override-${user.id}-${f.id}`}>
                  {f.name} <span className="omega-muted">({f.category})</span>
                </Label>
                {override && <OverrideNote override={override} />}
              </div>
            </li>
          );
        })}
      </ul>
      {change && (
        <OverrideForm
          key={`${change.feature.id}-${change.enabled}`}
          user={user}
          change={change}
          onSave={(why) => save(change, why)}
          onCancel={() => setChange(null)}
        />
      )}
    </div>
  );
}

export function FeatureOverrides() {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const { data, error } = useUsersPage({ search: query, offset: 0, limit: PICKER_LIMIT });
  const [chosen, setChosen] = useState<UserWithSubscription | null>(null);
  const id = useId();
  const users = data?.items ?? [];
  // The chosen user stays selectable while the search moves on to other names.
  const options = [
    ...(chosen && !users.some((u) => u.id === chosen.id) ? [chosen] : []),
    ...users,
  ].map((u) => ({ value: String(u.id), label: u.username }));

  return (
    <div className="omega-stack">
      <div className="omega-admin__toolbar">
        <Label htmlFor={`${id}-search`}>Find a user</Label>
        <Input
          id={`${id}-search`}
          type="search"
          placeholder="Username contains…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="omega-admin__search"
        />
        <Label htmlFor={`${id}-user`}>User</Label>
        <Select
          id={`${id}-user`}
          aria-label="User"
          placeholder={users.length === 0 && data ? 'No matching users' : 'Choose a user'}
          value={chosen ? String(chosen.id) : ''}
          disabled={options.length === 0}
          onValueChange={(value) =>
            setChosen(
              users.find((u) => String(u.id) === value) ??
                (chosen && String(chosen.id) === value ? chosen : null),
            )
          }
          options={options}
        />
      </div>
      {error && <p role="alert">Could not load the users: {errorMessage(error)}</p>}
      {data && data.total > users.length && (
        <p className="omega-muted">
          Showing the first {users.length} of {data.total} users; type to narrow the list.
        </p>
      )}
      {chosen ? (
        <UserFeatureSwitches user={chosen} />
      ) : (
        <p>Choose a user to see and change their features.</p>
      )}
    </div>
  );
}
