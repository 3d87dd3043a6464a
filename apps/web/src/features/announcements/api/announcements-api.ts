// Announcements as every signed-in user reads them: the unread count (polled), the recent
// list, and marking them read up to the newest one seen.
import type { Announcement, UnreadCount } from '@omega/contracts';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { sendJson } from '../../../lib/api-client.js';

export const UNREAD_POLL_MS = 30_000;

export const keys = {
  messages: '/api/messages',
  unread: '/api/messages/unread-count',
} as const;

export const useUnreadCount = () =>
  useSWR<UnreadCount>(keys.unread, { refreshInterval: UNREAD_POLL_MS });

export const useAnnouncements = () => useSWR<Announcement[]>(keys.messages);

/** Marks everything up to `lastId` read and shows the count as zero at once. */
export function useMarkRead() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (lastId: number) => {
      await sendJson<{ ok: true }>('POST', '/api/messages/read', { lastId });
      await mutate(keys.unread, { unread: 0 } satisfies UnreadCount, { revalidate: true });
    },
    [mutate],
  );
}
