// Announcements as every signed-in user reads them (the bell) and as admins send them.
import type { RouteAnswer } from '@omega/contracts/client';
import useSWR from 'swr';
import { api } from './api.js';

export const announcementKeys = {
  messages: api.url('messages'),
  unread: api.url('unreadMessages'),
} as const;

export const useAnnouncements = () => useSWR<RouteAnswer<'messages'>>(announcementKeys.messages);
