// Announcements: publishing one (the row and its activity entry are one write; used by the
// Communications page and the supergod `announce` command alike), reading them, and each
// user's read mark behind the bell's unread count.
import { characterCount } from '@omega/contracts';
import { showsNothing } from '@omega/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { HttpError } from '../lib/http-error.js';
import { inTransaction } from '../lib/transaction.js';
import type { ActivityRepository } from '../repositories/activity.js';
import type { AnnouncementsRepository } from '../repositories/announcements.js';

export const TITLE_MAX = 200;
export const CONTENT_MAX = 10_000;

export interface PublishedAnnouncement {
  id: number;
  title: string;
  content: string;
  createdAt: string;
}

export class AnnouncementService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly announcements: AnnouncementsRepository,
    private readonly activity: ActivityRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Trims both fields; an empty one (or one too long) is a 400 naming it. `requestId` is the
   * request that published it, for the activity entry (decision 020).
   */
  async publish(
    input: {
      title: string;
      content: string;
      authorId: number | null;
    },
    requestId: string | null,
  ): Promise<PublishedAnnouncement> {
    const title = input.title.trim();
    const content = input.content.trim();
    if (showsNothing(title))
      throw new HttpError(400, 'title is required: write a title for the announcement');
    if (showsNothing(content))
      throw new HttpError(400, 'content is required: write what you want to announce');
    if (characterCount(title) > TITLE_MAX) {
      throw new HttpError(400, `title is too long: at most ${TITLE_MAX} characters`);
    }
    if (characterCount(content) > CONTENT_MAX) {
      throw new HttpError(400, `content is too long: at most ${CONTENT_MAX} characters`);
    }
    const at = this.clock();
    const row = await inTransaction(this.db, async (trx) => {
      const created = await this.announcements.create(
        { title, content, authorId: input.authorId, at },
        trx,
      );
      await this.activity.record(
        {
          userId: input.authorId,
          action: 'announcement',
          details: `announced "${title}"`,
          at,
          requestId,
        },
        trx,
      );
      return created;
    });
    return toAnnouncement(row);
  }

  /** The newest announcements the viewer may read (everyone's and their own), newest first. */
  async recent(limit: number, viewerId: number): Promise<PublishedAnnouncement[]> {
    return (await this.announcements.recent(limit, viewerId)).map(toAnnouncement);
  }

  /** How many announcements the user has not seen (all of them before the first read). */
  unreadCount(userId: number): Promise<number> {
    return this.announcements.unreadCount(userId);
  }

  /** Moves the user's read mark forward to `lastId` (never back). */
  markRead(userId: number, lastId: number): Promise<void> {
    return this.announcements.markRead(userId, lastId);
  }
}

export function toAnnouncement(row: {
  id: number;
  title: string;
  content: string;
  created_at: number;
}): PublishedAnnouncement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
