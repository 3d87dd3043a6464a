// The user's live sessions, each with its own 'End session' button. The server names a
// session by a handle, never by its id; ending one is recorded in the activity log.
import {
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
  useConfirm,
} from '@omega/ui';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/error-message.js';
import { removalTarget, useFocusAfterRemoval } from '../../../../lib/focus-after-removal.js';
import { Section, Time } from './sections.js';
import type { UserPage } from './types.js';

export function SessionsSection(props: {
  page: UserPage;
  onRevoke(handle: string): Promise<{ message: string }>;
}) {
  const { page, onRevoke } = props;
  const confirm = useConfirm();
  const [busy, setBusy] = useState<string | null>(null);
  const { username } = page.user;
  const focus = useFocusAfterRemoval(page.sessions.map((s) => s.handle));

  async function end(handle: string) {
    const sure = await confirm({
      title: `End session ${handle} of ${username}?`,
      description: 'Whoever uses it is signed out within a second.',
      confirmLabel: 'End session',
      destructive: true,
    });
    if (!sure) return;
    focus.removing(handle);
    setBusy(handle);
    try {
      const result = await onRevoke(handle);
      toast({ title: 'Session ended', description: result.message });
    } catch (err) {
      toast({
        title: 'Could not end the session',
        description: errorMessage(err),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Section id="sessions" title="Active sessions">
      {page.sessions.length === 0 ? (
        <p ref={focus.empty} tabIndex={-1}>
          No active sessions: {username} is signed out everywhere.
        </p>
      ) : (
        <div ref={focus.list}>
          <Table aria-label={`Active sessions of ${username}`}>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Session</TableHead>
                <TableHead scope="col">Started</TableHead>
                <TableHead scope="col">Last seen</TableHead>
                <TableHead scope="col">Ends if unused</TableHead>
                <TableHead scope="col">Note</TableHead>
                {page.can.revokeSessions && <TableHead scope="col">Action</TableHead>}
              </TableRow>
            </TableHeader>
            <TableBody>
              {page.sessions.map((s) => (
                <TableRow key={s.handle}>
                  <TableCell>
                    <code>{s.handle}</code>
                  </TableCell>
                  <TableCell>
                    <Time iso={s.createdAt} />
                  </TableCell>
                  <TableCell>
                    <Time iso={s.lastSeenAt} />
                  </TableCell>
                  <TableCell>
                    <Time iso={s.expiresAt} />
                  </TableCell>
                  <TableCell>{s.viewingAs ? `Viewing as ${s.viewingAs.username}` : ''}</TableCell>
                  {page.can.revokeSessions && (
                    <TableCell>
                      <Button
                        variant="outline"
                        size="sm"
                        loading={busy === s.handle}
                        aria-label={`End session ${s.handle}`}
                        onClick={() => end(s.handle)}
                        {...removalTarget(s.handle)}
                      >
                        End session
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {!page.can.revokeSessions && page.sessions.length > 0 && (
        <p className="omega-muted">Only a supergod can end the sessions of {username}.</p>
      )}
      <p className="omega-muted">
        "Last seen" is accurate to five minutes. Each session's browser and address are shown to its
        owner only, on their account security page.
      </p>
    </Section>
  );
}
