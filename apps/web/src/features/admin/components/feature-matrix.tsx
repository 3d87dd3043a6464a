// Feature Matrix tab: one row per feature (grouped by category), one switch per plan.
import {
  Skeleton,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@omega/ui';
import { useFeatures, usePlans } from '../../../lib/catalogue.js';
import { errorMessage } from '../../../lib/error-message.js';
import { useAssignments, useFeatureManagerActions } from '../api/admin-api.js';
import { usePendingActions } from './use-pending-actions.js';

export function FeatureMatrix() {
  const { data: plans, error: plansError } = usePlans();
  const { data: features, error: featuresError } = useFeatures();
  const { data: assignments, error: assignmentsError } = useAssignments();
  const { toggleFeature } = useFeatureManagerActions();
  const { pending, run } = usePendingActions<string>();

  const error = plansError ?? featuresError ?? assignmentsError;
  if (error) return <p role="alert">Could not load the feature matrix: {errorMessage(error)}</p>;
  if (!plans || !features || !assignments) return <Skeleton style={{ height: '16rem' }} />;
  if (features.length === 0) return <p>No features yet. Add one in the Add New Feature tab.</p>;

  const enabled = new Set(
    assignments.filter((a) => a.enabled).map((a) => `${a.planId}:${a.featureId}`),
  );
  const categories = [...new Set(features.map((f) => f.category))].sort();

  const toggle = (planId: string, featureId: number, on: boolean) =>
    run(`${planId}:${featureId}`, () => toggleFeature(planId, featureId, on), {
      success: 'Feature updated',
      failure: 'Failed to toggle feature',
    });

  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Feature</TableHead>
          {plans.map((p) => (
            <TableHead key={p.id} scope="col">
              {p.name}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {categories.map((category) => [
          <TableRow key={`category:${category}`}>
            <TableHead scope="colgroup" colSpan={plans.length + 1} className="omega-admin__group">
              {category}
            </TableHead>
          </TableRow>,
          ...features
            .filter((f) => f.category === category)
            .map((f) => (
              <TableRow key={f.id}>
                <TableHead scope="row" className="omega-admin__row-head">
                  {f.name}
                  {f.description && <div className="omega-muted">{f.description}</div>}
                </TableHead>
                {plans.map((p) => {
                  const key = `${p.id}:${f.id}`;
                  return (
                    <TableCell key={p.id}>
                      <Switch
                        aria-label={`${f.name} in ${p.name}`}
                        checked={enabled.has(key)}
                        disabled={pending.has(key)}
                        onCheckedChange={(on) => toggle(p.id, f.id, on)}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            )),
        ])}
      </TableBody>
    </Table>
  );
}
