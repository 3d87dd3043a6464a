// Announcements: the list, publishing, and each user's unread count.
import { Type } from '@sinclair/typebox';
import {
  AnnouncementSchema,
  MarkReadBody,
  NewAnnouncementBody,
  UnreadCountSchema,
} from '../admin.js';
import { OkResponse } from '../common.js';
import { route } from './define.js';

export const announcementsRoutes = {
  messages: route({
    method: 'GET',
    url: '/api/messages',
    access: 'user',
    summary: 'Recent announcements, newest first',
    tags: ['announcements'],
    polled: true,
    schema: { response: { 200: Type.Array(AnnouncementSchema) } },
  }),
  createMessage: route({
    method: 'POST',
    url: '/api/messages',
    access: 'admin',
    bodyType: 'form-or-json',
    summary: 'Send an announcement (form-encoded title and content, trimmed, both required)',
    tags: ['announcements'],
    schema: { body: NewAnnouncementBody, response: { 200: AnnouncementSchema } },
  }),
  unreadMessages: route({
    method: 'GET',
    url: '/api/messages/unread-count',
    access: 'user',
    summary: 'How many announcements the signed-in user has not seen',
    tags: ['announcements'],
    polled: true,
    schema: { response: { 200: UnreadCountSchema } },
  }),
  markMessagesRead: route({
    method: 'POST',
    url: '/api/messages/read',
    access: 'user',
    summary: 'Mark announcements up to lastId as seen by the signed-in user',
    tags: ['announcements'],
    schema: { body: MarkReadBody, response: { 200: OkResponse } },
  }),
} as const;
