// The bell's panel: recent announcements, newest first. Showing them marks them read.
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Skeleton,
} from '@omega/ui';
import { useEffect, useRef } from 'react';
import { useAnnouncements } from '../../../lib/announcements.js';
import { errorMessage } from '../../../lib/error-message.js';
import { useMarkRead } from '../api/announcements-api.js';

export interface AnnouncementsPanelProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function AnnouncementsPanel({ open, onOpenChange }: AnnouncementsPanelProps) {
  const { data, error } = useAnnouncements();
  const markRead = useMarkRead();
  const markedUpTo = useRef(0);
  const newest = data?.reduce((max, a) => Math.max(max, a.id), 0) ?? 0;

  useEffect(() => {
    if (!open || newest <= markedUpTo.current) return;
    markedUpTo.current = newest;
    // A failed mark only leaves the count as it was; the list is still shown.
    markRead(newest).catch(() => {
      markedUpTo.current = 0;
    });
  }, [open, newest, markRead]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="omega-announcements">
        <DialogHeader>
          <DialogTitle>Announcements</DialogTitle>
          <DialogDescription>News from the Omega administrators.</DialogDescription>
        </DialogHeader>
        {error && <p role="alert">Could not load the announcements: {errorMessage(error)}</p>}
        {!data && !error && <Skeleton style={{ height: '6rem' }} />}
        {data?.length === 0 && <p>No announcements yet</p>}
        {data && data.length > 0 && (
          <ul className="omega-announcements__list">
            {data.map((a) => (
              <li key={a.id}>
                <h3>{a.title}</h3>
                <time dateTime={a.createdAt} className="omega-muted">
                  {new Date(a.createdAt).toLocaleString()}
                </time>
                <p>{a.content}</p>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
