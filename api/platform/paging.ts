import { desc, sql, type AnyColumn } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { KeyCursor } from "~contract/platform/applications";

/**
 * A timestamp as the keyset cursor's key, to the microsecond (a JavaScript Date keeps only the
 * millisecond: a cursor from it would give the same row again on the next page).
 */
export const microTime = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A keyset page from `limit + 1` rows read: the first `limit` as items, and the cursor of the last
 * of them when there was one more (null: the last page).
 */
export function pageOf<Row, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
  cursorOf: (row: Row) => string,
): { items: Item[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > limit && page.length > 0 ? cursorOf(page[page.length - 1]) : null,
  };
}

/**
 * A newest-first keyset page by (time, id): its order, and its condition (the rows before the
 * cursor's, none without a cursor; the cursor's id cast to the id column's type).
 */
export function newestFirst(time: AnyColumn, id: PgColumn, cursor: KeyCursor | undefined) {
  return {
    before: cursor
      ? sql`(${time}, ${id}) < (${cursor.key}::timestamptz, ${cursor.id}::${sql.raw(id.getSQLType())})`
      : undefined,
    order: [desc(time), desc(id)] as const,
  };
}
