import { csvHeaders } from "~contract/csv";
import { isApiError } from "~/platform/api.server";

/**
 * A console CSV download (the manifest, reports, statements, bookings, customers): the file made
 * from the API's answers through the typed client, or, when the API refused what the address asked
 * (its validation_error: a date or month typed by hand), a plain-text 400 that says what to give.
 * Anything else the API answers goes on to the route's error handling.
 */
export async function csvDownload(
  make: () => Promise<{ csv: string; filename: string }>,
  refusal: string,
): Promise<Response> {
  let file;
  try {
    file = await make();
  } catch (error) {
    if (!isApiError(error, "validation_error")) throw error;
    return new Response(refusal, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(file.csv, { headers: csvHeaders(file.filename) });
}

/** A listing's rows, page after page by its cursor, until the last page or at least `max` rows (cut to `max`). */
export async function everyPage<Row>(
  read: (cursor: string | undefined) => Promise<{ rows: readonly Row[]; nextCursor?: string | null }>,
  max: number,
): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    rows.push(...page.rows);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && rows.length < max);
  return rows.slice(0, max);
}
