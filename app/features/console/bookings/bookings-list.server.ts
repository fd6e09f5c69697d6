import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders } from "~contract/csv";
import { zonedParts } from "~contract/time-zones";
import {
  bookingsCsv,
  bookingsCsvFilename,
  MAX_BOOKINGS_CSV_ROWS,
  MAX_BOOKINGS_PAGE_SIZE,
  type BookingsList,
} from "~contract/operator/bookings";
import { requireConsoleAbility } from "~/features/console/console.server";
import { isApiError } from "~/platform/api.server";
import { i18next } from "~/platform/i18next.server";
import { BOOKING_FILTER_NAMES, type BookingFilters } from "./booking-filters";

/** The list's filters as the page's URL carries them (a GET form: bookmarkable, no JavaScript needed). */
function filtersOf(url: URL): BookingFilters {
  return Object.fromEntries(
    BOOKING_FILTER_NAMES.map((name) => [name, url.searchParams.get(name) ?? ""]),
  ) as BookingFilters;
}

/** The API's query: the filters given (an empty one is no filter). */
const queryOf = (filters: BookingFilters): Partial<BookingFilters> =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ""));

/** The fields the API refused, or null when the call failed otherwise. */
function refusedFields(error: unknown): string[] | null {
  if (!isApiError(error, "validation_error")) return null;
  return Object.keys(error.fields ?? {});
}

/**
 * /console/bookings: every booking of the operator the member may see (a guide, their
 * departures'), searched and filtered by the URL's query, one page at a time. Filters the API
 * refuses are named on the page, with no rows, never a 500.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [{ api, me }, t] = await Promise.all([requireConsoleAbility(request, "runDay"), i18next.getFixedT(request)]);
  const url = new URL(request.url);
  const filters = filtersOf(url);
  let list: BookingsList = { money: null, bookings: [], nextCursor: null };
  let refused: string[] = [];
  try {
    list = await api.call("operatorListBookings", {
      query: { ...queryOf(filters), cursor: url.searchParams.get("cursor") || undefined },
    });
  } catch (error) {
    const fields = refusedFields(error);
    if (!fields) throw error;
    refused = fields;
  }
  return {
    list,
    filters,
    refused,
    paged: url.searchParams.has("cursor"),
    canBook: me.can.takeBookings,
    zone: me.account.timeZone,
    title: t("desk.title"),
  };
}

/**
 * /console/bookings.csv: the same search as a CSV download (every match up to
 * MAX_BOOKINGS_CSV_ROWS), page after page through the typed client, written by the contract's
 * bookingsCsv, the function the API's own CSV answer uses.
 */
export async function csvLoader({ request }: LoaderFunctionArgs) {
  const { api, me } = await requireConsoleAbility(request, "runDay");
  const query = queryOf(filtersOf(new URL(request.url)));
  const rows: BookingsList["bookings"] = [];
  let money: BookingsList["money"] = null;
  let cursor: string | undefined;
  try {
    do {
      const page = await api.call("operatorListBookings", {
        query: { ...query, limit: String(MAX_BOOKINGS_PAGE_SIZE), cursor },
      });
      rows.push(...page.bookings);
      money = page.money;
      cursor = page.nextCursor ?? undefined;
    } while (cursor && rows.length < MAX_BOOKINGS_CSV_ROWS);
  } catch (error) {
    if (!refusedFields(error)) throw error;
    return new Response("Some filters could not be read: check the dates (YYYY-MM-DD) and choices.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { year, month, day } = zonedParts(new Date(), me.account.timeZone);
  const today = `${year}-${month}-${day}`;
  return new Response(bookingsCsv({ money, bookings: rows.slice(0, MAX_BOOKINGS_CSV_ROWS) }), {
    headers: csvHeaders(bookingsCsvFilename(me.account.slug, today)),
  });
}
