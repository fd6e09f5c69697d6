/**
 * The desk's bookings list (issue 42, item 1): every booking of the operator found by reference,
 * ticket code, the guest's name, email or phone, or a range of departure dates; filtered, sorted,
 * paged by a cursor (keyset: fast however many bookings there are), and the same rows as CSV.
 */
import { z } from "zod";
import { count, isoTime, minor } from "../output-parts";
import { csvLocalTime, csvMoney, csvText, type CsvValue } from "../csv";
import { said } from "../fields";
import { cursorParam, emptyAsAbsent, limitParam, oneOfParam, refuseCursorOfOtherSort, searchParam } from "../query";
import { fromBase64UrlJson, toBase64Url } from "../base64url";
import { localDate } from "./schedule-fields";
import { staffMoney } from "./staff-money";
import { BOOKING_CHANNELS, BOOKING_STATUSES, PAYMENT_STATUSES } from "../statuses";

/** Rows a page holds when none is asked for, and at most. */
export const BOOKINGS_PAGE_SIZE = 50;
export const MAX_BOOKINGS_PAGE_SIZE = 200;
/** Rows one CSV export holds at most (the newest first); a larger export asks for a narrower range. */
export const MAX_BOOKINGS_CSV_ROWS = 10_000;

export const BOOKING_SORTS = ["created_desc", "departure_asc", "departure_desc"] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];

/** Where a page ends: the sort it was made for, the last row's sort value (exact to the microsecond, UTC) and id. */
export interface BookingsCursor {
  sort: BookingSort;
  at: string;
  id: string;
}
const CURSOR_AT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}$/;
const CURSOR_ID = /^bk_[A-Za-z0-9_-]{16}$/;

/** The opaque `cursor` a page gives for the next one (base64url of JSON). */
export function encodeBookingsCursor(cursor: BookingsCursor): string {
  return toBase64Url(JSON.stringify([cursor.sort, cursor.at, cursor.id]));
}

function decodeBookingsCursor(text: string): BookingsCursor | null {
  const parsed = fromBase64UrlJson(text);
  if (!Array.isArray(parsed) || parsed.length !== 3) return null;
  const [sort, at, id] = parsed as unknown[];
  if (!(BOOKING_SORTS as readonly unknown[]).includes(sort)) return null;
  if (typeof at !== "string" || !CURSOR_AT.test(at) || typeof id !== "string" || !CURSOR_ID.test(id)) return null;
  return { sort: sort as BookingSort, at, id };
}

const dayNumber = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;

/**
 * GET /v1/operator/bookings: `q` (reference, ticket code, name, email or phone: any part of them),
 * `from`/`to` (local dates of the departure, in its experience's zone; either or both), filters,
 * `sort`, `limit`, `cursor` (from the previous page's `nextCursor`), `format=csv`.
 */
export const bookingsListQuery = z
  .object({
    q: searchParam,
    from: z.preprocess(emptyAsAbsent, localDate.optional()),
    to: z.preprocess(emptyAsAbsent, localDate.optional()),
    experienceId: z.preprocess(
      emptyAsAbsent,
      z
        .string({ invalid_type_error: said("param.single") })
        .regex(/^[a-z0-9_-]{1,64}$/, said("id.invalid"))
        .optional(),
    ),
    status: oneOfParam(BOOKING_STATUSES),
    channel: oneOfParam(BOOKING_CHANNELS),
    payment: oneOfParam(PAYMENT_STATUSES),
    sort: oneOfParam(BOOKING_SORTS),
    limit: limitParam(MAX_BOOKINGS_PAGE_SIZE),
    /** A previous page's `nextCursor`, decoded; anything else is refused. */
    cursor: cursorParam(300, decodeBookingsCursor),
    /** `csv`: the same as `Accept: text/csv` (every row that matches, up to MAX_BOOKINGS_CSV_ROWS). */
    format: oneOfParam(["json", "csv"] as const),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && dayNumber(query.to) < dayNumber(query.from))
      ctx.addIssue({ code: "custom", path: ["to"], message: said("range.reversed") });
    refuseCursorOfOtherSort(query, "created_desc", ctx);
  });
export type BookingsListQuery = z.input<typeof bookingsListQuery>;
export type BookingsListFilter = z.output<typeof bookingsListQuery>;

/** The reseller that sold a booking (channel `reseller`, issue 47) and its own reference; null: none. */
export const bookingReseller = z.object({ name: z.string(), reference: z.string().nullable() }).nullable();

export const bookingsListRow = z.object({
  id: z.string(),
  /** What the traveller sees and says on the phone: WF-XXXX-XXXX. */
  reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  channel: z.enum(BOOKING_CHANNELS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  createdAt: isoTime,
  departure: z.object({
    id: z.string(),
    startsAt: isoTime,
    /** The experience's IANA zone: the departure's time is shown, and its day judged, in it. */
    timezone: z.string(),
    experienceId: z.string(),
    experienceTitle: z.string(),
    serviceName: z.string(),
  }),
  /** The booking's own guest contact (taken by the team), else its account holder's. */
  guest: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  reseller: bookingReseller,
  seats: count,
  /** "2 Adults, 1 Child (5–12)" (contract/bookings/guest-summary.ts). */
  guestsLabel: z.string(),
  money: staffMoney(z.object({ currency: z.string(), totalMinor: minor, refundedMinor: minor })),
});

/** GET /v1/operator/bookings */
export const bookingsList = z.object({
  /** The operator's currency (null for a guide: no amounts, and no money columns in the CSV). */
  money: staffMoney(z.object({ currency: z.string() })),
  bookings: z.array(bookingsListRow),
  /** Give it as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type BookingsList = z.infer<typeof bookingsList>;
export type BookingsListRow = z.infer<typeof bookingsListRow>;

/** The CSV's columns: times local to the departure's zone and naming it, money in major units. */
export const BOOKINGS_CSV_COLUMNS = [
  "reference",
  "booking_id",
  "status",
  "channel",
  "payment_status",
  "booked_at",
  "departure_starts_at",
  "experience",
  "service",
  "guest_name",
  "guest_email",
  "guest_phone",
  "seats",
  "guests",
  "reseller",
  "reseller_reference",
] as const;
export const BOOKINGS_CSV_MONEY_COLUMNS = ["total", "refunded"] as const;

/** The CSV of a list (header first); the money columns only when the list carries money (not a guide's). */
export function bookingsCsv({ money, bookings: rows }: Pick<BookingsList, "money" | "bookings">): string {
  const withMoney = money !== null;
  const header: CsvValue[] = [...BOOKINGS_CSV_COLUMNS, ...(withMoney ? BOOKINGS_CSV_MONEY_COLUMNS : [])];
  const lines: CsvValue[][] = [header];
  for (const row of rows) {
    const local = (at: string) => csvLocalTime(at, row.departure.timezone);
    const cells: CsvValue[] = [
      row.reference,
      row.id,
      row.status,
      row.channel,
      row.paymentStatus,
      local(row.createdAt),
      local(row.departure.startsAt),
      row.departure.experienceTitle,
      row.departure.serviceName,
      row.guest.name,
      row.guest.email,
      row.guest.phone,
      row.seats,
      row.guestsLabel,
      row.reseller?.name ?? null,
      row.reseller?.reference ?? null,
    ];
    if (withMoney)
      cells.push(
        row.money ? csvMoney(row.money.totalMinor, row.money.currency) : null,
        row.money ? csvMoney(row.money.refundedMinor, row.money.currency) : null,
      );
    lines.push(cells);
  }
  return csvText(lines);
}

/** The download's file name: `<operator>-bookings-<today>.csv`. */
export const bookingsCsvFilename = (accountSlug: string, today: string) => `${accountSlug}-bookings-${today}.csv`;
