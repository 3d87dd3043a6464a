// "Contains" searches with LIKE: % and _ are wildcards there, but a search for "100%" means
// the characters, so they are escaped (queries add `escape '\'`).
import { type RawBuilder, sql } from 'kysely';

export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `column LIKE '%text%'` (ILIKE on PostgreSQL, where LIKE minds case; SQLite's does not). */
export function contains(
  column: RawBuilder<unknown> | ReturnType<typeof sql.ref>,
  text: string,
  dialect: 'sqlite' | 'postgres',
): RawBuilder<boolean> {
  const op = dialect === 'postgres' ? sql`ilike` : sql`like`;
  return sql<boolean>`${column} ${op} ${containsPattern(text)} escape '\\'`;
}
