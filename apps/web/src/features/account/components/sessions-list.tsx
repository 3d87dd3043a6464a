// The account's sessions: this one first-marked, each other one with 'End session', and 'Sign out
// other sessions' for all of them at once. A list rather than a table, so a phone's 360 px hold
// it without scrolling sideways. Each ending is confirmed first, and recorded by the server.
import type { AccountSession } from '@omega/contracts';
import { describeAgent } from '@omega/domain';
import { Badge, Button, toast, useConfirm } from '@omega/ui';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message.js';
import { removalTarget, useFocusAfterRemoval } from '../../../lib/focus-after-removal.js';

const when = (iso: string) => new Date(iso).toLocaleString();

export function SessionsList(props: {
  sessions: AccountSession[];
  onEnd(id: string): Promise<{ message: string }>;
  onSignOutOthers(): Promise<{ message: string }>;
}) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState<string | null>(null);
  const others = props.sessions.filter((s) => !s.current);
  const focus = useFocusAfterRemoval(others.map((s) => s.id));

  async function act(
    key: string,
    /** The session that goes first: all the others go with 'Sign out other sessions'. */
    ending: string,
    question: { title: string; description: string; confirmLabel: string },
    run: () => Promise<{ message: string }>,
    done: string,
  ) {
    if (!(await confirm({ ...question, destructive: true }))) return;
    focus.removing(ending);
    setBusy(key);
    try {
      const result = await run();
      toast({ title: done, description: result.message });
    } catch (err) {
      toast({
        title: `Could not ${question.confirmLabel.toLowerCase()}`,
        description: errorMessage(err),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="omega-stack">
      <ul ref={focus.list} className="omega-account__sessions" aria-label="Your sessions">
        {props.sessions.map((s) => {
          const device = describeAgent(s.userAgent);
          return (
            <li key={s.id} className="omega-account__session">
              <div className="omega-account__session-facts">
                <p className="omega-account__device">
                  {device}
                  {s.current && (
                    <Badge variant="outline" className="omega-account__badge">
                      This session
                    </Badge>
                  )}
                </p>
                <p className="omega-muted">
                  Signed in <time dateTime={s.createdAt}>{when(s.createdAt)}</time>
                  {s.ip ? ` from ${s.ip}` : ''}
                </p>
                <p className="omega-muted">
                  Last seen <time dateTime={s.lastSeenAt}>{when(s.lastSeenAt)}</time>
                </p>
                {s.userAgent && <p className="omega-muted omega-account__agent">{s.userAgent}</p>}
              </div>
              {!s.current && (
                <Button
                  variant="outline"
                  size="sm"
                  loading={busy === s.id}
                  aria-label={`End session: ${device}${s.ip ? ` from ${s.ip}` : ''}, signed in ${when(s.createdAt)}`}
                  {...removalTarget(s.id)}
                  onClick={() =>
                    act(
                      s.id,
                      s.id,
                      {
                        title: `End the session of ${device}?`,
                        description: 'Whoever uses it is signed out within a second.',
                        confirmLabel: 'End session',
                      },
                      () => props.onEnd(s.id),
                      'Session ended',
                    )
                  }
                >
                  End session
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length === 0 ? (
        <p ref={focus.empty} tabIndex={-1}>
          No other sessions: your account is signed in only here.
        </p>
      ) : (
        <div className="omega-actions">
          <Button
            variant="destructive"
            loading={busy === 'others'}
            onClick={() =>
              act(
                'others',
                others[0]?.id ?? '',
                {
                  title: `Sign out ${others.length} other session${others.length === 1 ? '' : 's'}?`,
                  description:
                    'Every other browser and device signed in to your account is signed out within a second. This one stays signed in.',
                  confirmLabel: 'Sign out other sessions',
                },
                props.onSignOutOthers,
                'Other sessions signed out',
              )
            }
          >
            Sign out other sessions
          </Button>
        </div>
      )}
    </div>
  );
}
