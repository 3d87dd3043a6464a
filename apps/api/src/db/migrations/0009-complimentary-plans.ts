// subscriptions.complimentary: 1 while the plan is one an administrator assigned, which renews
// without an invoice until the user changes plan themselves (decision 012). Rows already there
// start at 0 and are billed as before: which of them still hold an admin's choice cannot be told
// apart from the history, so an admin assigns the plan again to make it complimentary.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('complimentary', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('complimentary').execute();
}
