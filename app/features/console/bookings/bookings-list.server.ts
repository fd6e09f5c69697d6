import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  bookingsCsv,
  bookingsCsvFilename,
  MAX_BOOKINGS_CSV_ROWS,
  MAX_BOOKINGS_PAGE_SIZE,
  type BookingsList,
} from "~contract/operator/bookings";
import { todayIn } from "~/features/booking/availability";
import { csvDownload, everyPage } from "~/features/console/csv-download.server";
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
  return csvDownload(async () => {
    let money: BookingsList["money"] = null;
    const bookings = await everyPage(async (cursor) => {
      const page = await api.call("operatorListBookings", {
        query: { ...query, limit: String(MAX_BOOKINGS_PAGE_SIZE), cursor },
      });
      money = page.money;
      return { rows: page.bookings, nextCursor: page.nextCursor };
    }, MAX_BOOKINGS_CSV_ROWS);
    const filename = bookingsCsvFilename(me.account.slug, todayIn(me.account.timeZone));
    return { csv: bookingsCsv({ money, bookings }), filename };
  }, "Some filters could not be read: check the dates (YYYY-MM-DD) and choices.");
}
