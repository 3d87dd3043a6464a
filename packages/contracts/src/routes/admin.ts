// The admin console's reads and the log clear.
import { Type } from '@sinclair/typebox';
import {
  ActivityLogEntrySchema,
  ActivityQuery,
  ClearLogsResponse,
  DetailedHealthSchema,
  LogsPageSchema,
  LogsQuery,
} from '../admin.js';
import { route } from './define.js';

export const adminRoutes = {
  adminLogs: route({
    method: 'GET',
    url: '/api/admin/logs',
    access: 'admin',
    summary: 'System log entries, newest first, by level and text, one page per cursor',
    tags: ['admin'],
    polled: true,
    schema: { querystring: LogsQuery, response: { 200: LogsPageSchema } },
  }),
  clearLogs: route({
    method: 'POST',
    url: '/api/admin/logs/clear',
    access: 'admin',
    summary: 'Delete every system log entry (recorded in the activity log)',
    tags: ['admin'],
    schema: { response: { 200: ClearLogsResponse } },
  }),
  activityLogs: route({
    method: 'GET',
    url: '/api/admin/activity-logs',
    access: 'admin',
    summary:
      'Who did what: sign-ins, registrations, plan changes, overrides, commands, newest first',
    tags: ['admin'],
    schema: { querystring: ActivityQuery, response: { 200: Type.Array(ActivityLogEntrySchema) } },
  }),
  healthDetailed: route({
    method: 'GET',
    url: '/api/health/detailed',
    access: 'admin',
    summary: 'Server, database, auth, plugins and subscription figures for the admin dashboard',
    tags: ['health'],
    schema: { response: { 200: DetailedHealthSchema } },
  }),
} as const;
