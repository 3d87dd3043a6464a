// /admin/unanswered-questions: what the help assistant could not answer — questions it declined
// and answers rated 'no' — grouped by wording, the most recently asked first, each with how often
// it was asked, by whom, and the help article it came nearest to, so the help can grow from what
// people ask. 'Clear' deletes them all, behind a confirmation.
import type { UnansweredQuestionGroup, UnansweredQuestionsResponse } from '@omega/contracts';
import {
  Badge,
  type BadgeProps,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Skeleton,
  toast,
  useConfirm,
} from '@omega/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/error-message.js';
import { useFocusAfterRemoval } from '../../../lib/focus-after-removal.js';
import { useClearUnansweredQuestions, useUnansweredQuestions } from '../api/admin-api.js';
import { failureToast } from '../components/failure-toast.js';
import { ago, when } from '../components/figures.js';
import '../components/admin.css';

type Role = UnansweredQuestionGroup['roles'][number];

const ROLE_BADGE: Record<Role, BadgeProps['variant']> = {
  supergod: 'destructive',
  admin: 'default',
  user: 'outline',
};

const times = (n: number) => (n === 1 ? 'once' : `${n.toLocaleString()} times`);

/** '2 declined, 1 rated no': the kinds present, in that order. */
function kinds({ declined, ratedNo }: UnansweredQuestionGroup['kind']): string {
  return [
    declined > 0 ? `${declined.toLocaleString()} declined` : '',
    ratedNo > 0 ? `${ratedNo.toLocaleString()} rated 'no'` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** '4 questions in 2 groups.', or which of them the groups hold when only the newest are. */
function counts({ total, grouped, groups }: UnansweredQuestionsResponse): string {
  const n = (count: number, one: string, many: string) =>
    `${count.toLocaleString()} ${count === 1 ? one : many}`;
  const inGroups = n(groups.length, 'group', 'groups');
  return grouped < total
    ? `The newest ${grouped.toLocaleString()} of ${n(total, 'question', 'questions')}, in ${inGroups}.`
    : `${n(total, 'question', 'questions')} in ${inGroups}.`;
}

function QuestionCard({ group }: { group: UnansweredQuestionGroup }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="omega-card-heading omega-unanswered__wording">{group.wording}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="omega-facts omega-unanswered__facts">
          <dt>Asked</dt>
          <dd>
            {times(group.count)} <span className="omega-muted">({kinds(group.kind)})</span>
          </dd>
          <dt>Last asked</dt>
          <dd>
            <time dateTime={group.lastAskedAt} title={when(group.lastAskedAt)}>
              {ago(group.lastAskedAt)}
            </time>
          </dd>
          <dt>Asked by</dt>
          <dd className="omega-unanswered__roles">
            {group.roles.map((role) => (
              <Badge key={role} variant={ROLE_BADGE[role]}>
                {role}
              </Badge>
            ))}
          </dd>
          <dt>Closest article</dt>
          <dd>
            {group.closestArticle ? (
              <Link to={group.closestArticle.path}>{group.closestArticle.title}</Link>
            ) : (
              <span className="omega-muted">None in the help</span>
            )}
          </dd>
        </dl>
        {group.examples.length > 0 && (
          <>
            <p className="omega-muted omega-unanswered__also">Also asked as:</p>
            <ul className="omega-unanswered__examples">
              {group.examples.map((example) => (
                <li key={example}>{example}</li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** A group's key in the list: its wording and when it was last asked. */
const groupKey = (group: { wording: string; lastAskedAt: string }) =>
  `${group.wording}\n${group.lastAskedAt}`;

export function UnansweredQuestionsPage() {
  const { data, error } = useUnansweredQuestions();
  const clear = useClearUnansweredQuestions();
  const confirm = useConfirm();
  const [clearing, setClearing] = useState(false);
  // Clear empties the list and leaves its own button disabled: the empty state takes the focus.
  const focus = useFocusAfterRemoval(data?.groups.map(groupKey));
  async function onClear() {
    const ok = await confirm({
      title: 'Clear all unanswered questions?',
      description:
        'Every kept question is deleted, and this cannot be undone. The activity log records who cleared them.',
      confirmLabel: 'Clear',
      destructive: true,
    });
    if (!ok) return;
    const first = data?.groups[0];
    if (first) focus.removing(groupKey(first));
    setClearing(true);
    try {
      toast({ title: await clear() });
    } catch (err) {
      failureToast('Failed to clear the questions', err);
    } finally {
      setClearing(false);
    }
  }

  const days = data?.retentionDays;
  return (
    <main className="omega-page omega-stack">
      <div className="omega-page__header">
        <h1>Unanswered questions</h1>
        <Button
          variant="destructive"
          onClick={onClear}
          loading={clearing}
          disabled={!data || data.total === 0}
        >
          Clear
        </Button>
      </div>
      <p className="omega-muted">
        Questions the assistant declined, and answers rated 'no'
        {days ? ` in the last ${days} days` : ''}, grouped by wording, the most recently asked
        first.{data && data.total > 0 ? ` ${counts(data)}` : ''}
      </p>
      {error && <p role="alert">Could not load the unanswered questions: {errorMessage(error)}</p>}
      {!data && !error && <Skeleton style={{ height: '14rem' }} />}
      {data && data.groups.length === 0 && (
        <div className="omega-admin__empty">
          <p ref={focus.empty} tabIndex={-1}>
            No unanswered questions in the last {data.retentionDays} days
          </p>
        </div>
      )}
      {data && data.groups.length > 0 && (
        <ul className="omega-unanswered" aria-label="Unanswered questions by wording">
          {data.groups.map((group) => (
            <li key={groupKey(group)}>
              <QuestionCard group={group} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
