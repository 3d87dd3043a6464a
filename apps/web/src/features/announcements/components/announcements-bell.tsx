// The bell in the top bar: how many announcements the user has not read, and a panel with the
// recent ones (loaded on first open). The top bar loads this module only once signed in.
import { Button } from '@omega/ui';
import { lazy, Suspense, useState } from 'react';
import { useUnreadCount } from '../api/announcements-api.js';
import './announcements.css';

const AnnouncementsPanel = lazy(async () => ({
  default: (await import('./announcements-panel.js')).AnnouncementsPanel,
}));

export function AnnouncementsBell() {
  const { data } = useUnreadCount();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const unread = data?.unread ?? 0;

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="omega-bell"
        aria-label={`Announcements, ${unread} unread`}
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {/* Drawn, not an emoji: not every system has an emoji font. */}
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && (
          <span aria-hidden="true" className="omega-bell__count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <AnnouncementsPanel open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
