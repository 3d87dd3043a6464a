// Announcements and each user's read mark (the newest announcement id they have seen).
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { AnnouncementRow, Database } from '../db/schema.js';

export interface NewAnnouncement {
  title: string;
  content: string;
  authorId: number | null;
  at: number;
  /** The one user it is for; absent: for everyone. */
  recipientId?: number;
}

/** The transaction-scoped advisory lock that takes announcements' creations one at a time. */
const CREATION_LOCK = 770_261_202;

export class AnnouncementsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Adds one, inside the caller's transaction. Read marks are ids (`markRead`), so an id must not
   * be seen before a smaller one: on PostgreSQL an id is handed out when its insert starts and
   * seen when its transaction commits, and one saved slowly (billing's notice in a batch, another
   * instance's) appeared after a later one had been read, under the mark, never counted unread.
   * Creations there take a lock held to their transaction's end, so ids are seen in their order.
   * SQLite's one writer already does that.
   */
  async create(a: NewAnnouncement, db: Kysely<Database>): Promise<AnnouncementRow> {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(${CREATION_LOCK})`.execute(db);
    }
    return db
      .insertInto('announcements')
      .values({
        title: a.title,
        content: a.content,
        author_id: a.authorId,
        created_at: a.at,
        recipient_id: a.recipientId ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Newest first: those for everyone and those for `viewerId` alone. */
  recent(limit: number, viewerId: number, db = this.db): Promise<AnnouncementRow[]> {
    return db
      .selectFrom('announcements')
      .selectAll()
      .where((eb) => eb.or([eb('recipient_id', 'is', null), eb('recipient_id', '=', viewerId)]))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Announcements newer than the user's read mark (all of them before the first read). */
  async unreadCount(userId: number, db = this.db): Promise<number> {
    const mark = await db
      .selectFrom('announcement_reads')
      .select('last_read_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const row = await db
      .selectFrom('announcements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '>', mark?.last_read_id ?? 0)
      .where((eb) => eb.or([eb('recipient_id', 'is', null), eb('recipient_id', '=', userId)]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Moves the user's read mark forward to `lastId` (never back), but no further than the newest
   * announcement: a mark past it would count announcements not yet sent as read. The write is one
   * statement that moves only forward, so two marks at once cannot move it back either.
   */
  async markRead(userId: number, lastId: number, db = this.db): Promise<void> {
    const newest = await db
      .selectFrom('announcements')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const mark = Math.min(lastId, Number(newest?.id ?? 0));
    await db
      .insertInto('announcement_reads')
      .values({ user_id: userId, last_read_id: mark })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ last_read_id: mark })
          .where('announcement_reads.last_read_id', '<', mark),
      )
      .execute();
  }
}
