// The plan comparison table (spec section 2, 'Subscription screens'): a column per plan with
// its monthly price and the 'Most Popular' and 'Current Plan' badges, a row per feature with a
// tick where the plan includes it, grouped by category when the categories are known. Shared
// by the subscription page and the comparison a visitor opens on /auth.
import type { Plan } from '@omega/contracts';
import { Badge, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@omega/ui';
import type { ReactNode } from 'react';
import { usd } from './money.js';

export interface ComparedFeature {
  name: string;
  category?: string;
}

/**
 * The features the plans include, in the order the plans add them: what a visitor can be
 * shown, since the feature catalogue (with its categories) is for signed-in users.
 */
export const featuresOfPlans = (plans: Plan[]): ComparedFeature[] =>
  [...new Set(plans.flatMap((p) => p.features))].map((name) => ({ name }));

/** A tick or a dash that screen readers read as words. */
function Mark({ included }: { included: boolean }) {
  return (
    <span role="img" aria-label={included ? 'Included' : 'Not included'}>
      {included ? '✓' : '—'}
    </span>
  );
}

/** The features by category, categories in the order they first appear. */
function byCategory(features: ComparedFeature[]): Array<[string | undefined, ComparedFeature[]]> {
  const groups = new Map<string | undefined, ComparedFeature[]>();
  for (const f of features) groups.set(f.category, [...(groups.get(f.category) ?? []), f]);
  return [...groups];
}

export function PlanComparisonTable({
  plans,
  features,
  currentPlanId,
  planAction,
}: {
  plans: Plan[];
  features: ComparedFeature[];
  currentPlanId?: string;
  /** A button under each plan's name (a visitor's 'Sign Up Now'). */
  planAction?(plan: Plan): ReactNode;
}) {
  return (
    // Focusable, so a keyboard can scroll it sideways when it is wider than a phone.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
    <section className="omega-compare" aria-label="Plan comparison table" tabIndex={0}>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Feature</TableHead>
            {plans.map((p) => (
              <TableHead key={p.id}>
                <div className="omega-compare__plan">
                  {p.name} {p.isPopular && <Badge>Most Popular</Badge>}
                  {currentPlanId === p.id && <Badge variant="secondary">Current Plan</Badge>}
                </div>
                <div className="omega-muted">{usd(p.price)}/month</div>
                {planAction && <div className="omega-compare__plan-action">{planAction(p)}</div>}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {byCategory(features).flatMap(([category, group]) => [
            ...(category === undefined
              ? []
              : [
                  <TableRow key={`category:${category}`}>
                    <TableCell colSpan={plans.length + 1}>
                      <strong>{category}</strong>
                    </TableCell>
                  </TableRow>,
                ]),
            ...group.map((f) => (
              <TableRow key={f.name}>
                <TableHead scope="row">{f.name}</TableHead>
                {plans.map((p) => (
                  <TableCell key={p.id}>
                    <Mark included={p.features.includes(f.name)} />
                  </TableCell>
                ))}
              </TableRow>
            )),
          ])}
        </TableBody>
      </Table>
    </section>
  );
}
