// Feature Overrides tab: find a user, then switch each feature on or off for that user alone,
// whatever their plan says.
import type { UserWithSubscription } from '@omega/contracts';
import { Input, Label, Select, Skeleton, Switch } from '@omega/ui';
import { useId, useState } from 'react';
import { useFeatures } from '../../../lib/catalogue.js';
import { errorMessage } from '../../../lib/error-message.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { useFeatureManagerActions, useUserFeatures, useUsersPage } from '../api/admin-api.js';
import { usePendingActions } from './use-pending-actions.js';

const PICKER_LIMIT = 50;

function UserFeatureSwitches({ user }: { user: UserWithSubscription }) {
  const { data: features, error: featuresError } = useFeatures();
  const { data: enabledIds, error } = useUserFeatures(user.id);
  const { overrideFeature } = useFeatureManagerActions();
  const { pending, run } = usePendingActions<number>();

  const failed = featuresError ?? error;
  if (failed)
    return (
      <p role="alert">
        Could not load {user.username}'s features: {errorMessage(failed)}
      </p>
    );
  if (!features || !enabledIds) return <Skeleton style={{ height: '10rem' }} />;
  if (features.length === 0) return <p>No features yet.</p>;
  const enabled = new Set(enabledIds);

  const toggle = (featureId: number, on: boolean) =>
    run(featureId, () => overrideFeature(user.id, featureId, on), {
      success: 'Override updated',
      failure: 'Failed to override feature',
    });

  return (
    <ul className="omega-admin__switch-list" aria-label={`Features of ${user.username}`}>
      {features.map((f) => (
        <li key={f.id}>
          <Switch
            id={`override-${user.id}-${f.id}`}
            checked={enabled.has(f.id)}
            disabled={pending.has(f.id)}
            onCheckedChange={(on) => toggle(f.id, on)}
          />
          <Label htmlFor={`override-${user.id}-${f.id}`}>
            {f.name} <span className="omega-muted">({f.category})</span>
          </Label>
        </li>
      ))}
    </ul>
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
