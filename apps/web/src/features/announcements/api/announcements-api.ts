// The bell's unread count (polled) and marking announcements read up to the newest one seen.
import type { RouteAnswer } from '@omega/contracts/client';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { announcementKeys } from '../../../lib/announcements.js';
import { api } from '../../../lib/api.js';

export const UNREAD_POLL_MS = 30_000;

export const useUnreadCount = () =>
  useSWR<RouteAnswer<'unreadMessages'>>(announcementKeys.unread, {
    refreshInterval: UNREAD_POLL_MS,
  });

/** Marks everything up to `lastId` read and shows the count as zero at once. */
export function useMarkRead() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (lastId: number) => {
      await api.call('markMessagesRead', { body: { lastId } });
      await mutate(announcementKeys.unread, { unread: 0 } satisfies RouteAnswer<'unreadMessages'>, {
        revalidate: true,
      });
    },
    [mutate],
  );
}
