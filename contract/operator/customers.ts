/**
 * The operator's customers (issue 42, item 6): everyone who booked with this operator, one per
 * email (lower-cased; a booking's own guest email, else its account holder's), with what they
 * booked and spent HERE only (their bookings with other operators are never read), the team's
 * notes and their marketing consent; the CSV of the consenting ones; a customer's page.
 */
import { CUSTOMER_SORTS, type CustomerSort } from "./customer-sorts";
import { z } from "zod";
import { count, isoTime } from "../output-parts";
import { csvLocalTime, csvMoney, csvText, type CsvValue } from "../csv";
import { requiredLines, said } from "../fields";
import { cursorParam, limitParam, oneOfParam, refuseCursorOfOtherSort, searchParam } from "../query";
import { fromBase64Url, fromBase64UrlJson, toBase64Url } from "../base64url";
import { bookingsListRow } from "./bookings";
import { MAX_NOTE_LENGTH } from "./note-length";

export { MAX_NOTE_LENGTH };
import { staffMoney } from "./staff-money";

export const CUSTOMERS_PAGE_SIZE = 50;
export const MAX_CUSTOMERS_PAGE_SIZE = 200;
/** Rows one CSV export holds at most. */
export const MAX_CUSTOMERS_CSV_ROWS = 10_000;

export { CUSTOMER_SORTS, type CustomerSort };

/** An email as the customers list keeps it: trimmed, lower-cased, something@something, no spaces. */
const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]{1,253}$/;

/** A customer's id in URLs: the base64url of their lower-cased email (nothing else is in it). */
export const customerIdOf = (email: string) => toBase64Url(email.trim().toLowerCase());

/** The email a customer id stands for, or null when it is not one customerIdOf could have made. */
export function emailOfCustomerId(id: string): string | null {
  if (!/^[A-Za-z0-9_-]{4,460}$/.test(id)) return null;
  const email = fromBase64Url(id);
  if (email === null || !EMAIL_SHAPE.test(email) || email !== email.toLowerCase()) return null;
  return customerIdOf(email) === id ? email : null;
}

export const customerParams = z.object({
  customerId: z
    .string()
    .max(460, said("id.invalid"))
    .refine((id) => emailOfCustomerId(id) !== null, said("id.invalid")),
});

/** Where a page ends: the sort, the last row's sort value, and its email. */
export interface CustomersCursor {
  sort: CustomerSort;
  value: string;
  email: string;
}

export function encodeCustomersCursor(cursor: CustomersCursor): string {
  return toBase64Url(JSON.stringify([cursor.sort, cursor.value, cursor.email]));
}

const CURSOR_VALUE = {
  recent: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}$/,
  spent: /^-?\d{1,15}$/,
  email: /^$/,
} as const;

function decodeCustomersCursor(text: string): CustomersCursor | null {
  const parsed = fromBase64UrlJson(text);
  if (!Array.isArray(parsed) || parsed.length !== 3) return null;
  const [sort, value, email] = parsed as unknown[];
  if (!(CUSTOMER_SORTS as readonly unknown[]).includes(sort)) return null;
  if (typeof value !== "string" || !CURSOR_VALUE[sort as CustomerSort].test(value)) return null;
  if (typeof email !== "string" || !EMAIL_SHAPE.test(email)) return null;
  return { sort: sort as CustomerSort, value, email };
}

/**
 * GET /v1/operator/customers: `q` (any part of the email or name), `consented` (true: only those
 * who consented; the CSV is always only those), `sort` (recent: last booked first; email; spent:
 * most spent first), `limit`, `cursor` (the previous page's `nextCursor`), `format=csv`.
 */
export const customersQuery = z
  .object({
    q: searchParam,
    consented: oneOfParam(["true", "false"] as const),
    sort: oneOfParam(CUSTOMER_SORTS),
    limit: limitParam(MAX_CUSTOMERS_PAGE_SIZE),
    cursor: cursorParam(700, decodeCustomersCursor),
    format: oneOfParam(["json", "csv"] as const),
  })
  .superRefine((query, ctx) => {
    refuseCursorOfOtherSort(query, "recent", ctx);
  });
export type CustomersQuery = z.input<typeof customersQuery>;
export type CustomersFilter = z.output<typeof customersQuery>;

export const customerRow = z.object({
  /** customerIdOf(email): the customer's page. */
  id: z.string(),
  email: z.string(),
  /** The name on their latest booking with this operator. */
  name: z.string(),
  /** The phone on their latest booking that has one. */
  phone: z.string().nullable(),
  /** Bookings with this operator: held, confirmed, cancelled or refunded (not an abandoned checkout: expired, failed). */
  bookings: count,
  /** When they last booked with this operator. */
  lastBookedAt: isoTime,
  /** The latest confirmed departure of theirs that has started (null: none yet). */
  lastVisit: z.object({ startsAt: isoTime, timezone: z.string() }).nullable(),
  notes: count,
  /**
   * Whether they agreed to hear about news and offers. The rule: the news-by-email choice of the
   * account that holds their latest booking with an account, when that account ever chose
   * (an unsubscribe is never overridden); else the marketing consent ticked on their latest
   * booking taken by the team; else the default (DEFAULT_NOTIFICATION_PREFERENCES.news.email: no).
   */
  marketingConsent: z.boolean(),
  /**
   * Spent with this operator: for every booking whose payment was taken (payment status paid or
   * refunded, whatever the booking's status), its total less what was refunded of it (refunds
   * owed or made); pending, owed, failed, expired and not-required payments count nothing.
   */
  money: staffMoney(z.object({ currency: z.string(), spentMinor: z.number().int() })),
});
export type CustomerRow = z.infer<typeof customerRow>;

/** GET /v1/operator/customers */
export const customersList = z.object({
  customers: z.array(customerRow),
  nextCursor: z.string().nullable(),
});
export type CustomersList = z.infer<typeof customersList>;

export const customerNote = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: isoTime,
  author: z.object({ userId: z.string(), name: z.string() }),
});
export type CustomerNote = z.infer<typeof customerNote>;

/** GET /v1/operator/customers/{customerId}: their bookings with THIS operator, newest first, and the notes. */
export const operatorCustomer = z.object({
  customer: customerRow,
  bookings: z.array(bookingsListRow),
  /** Newest first. */
  notes: z.array(customerNote),
});
export type OperatorCustomer = z.infer<typeof operatorCustomer>;

/** POST /v1/operator/customers/{customerId}/notes */
export const customerNoteBody = z.object({
  body: requiredLines("field.required", MAX_NOTE_LENGTH),
});
export type CustomerNoteBody = z.input<typeof customerNoteBody>;

export const CUSTOMERS_CSV_COLUMNS = [
  "email",
  "name",
  "phone",
  "bookings",
  "last_booked_at",
  "last_visit",
  "total_spent",
  "marketing_consent",
] as const;

/** The CSV of customers (header first): times in the operator's zone, naming it; money in major units. */
export function customersCsv(rows: CustomerRow[], zone: string): string {
  const lines: CsvValue[][] = [[...CUSTOMERS_CSV_COLUMNS]];
  for (const row of rows)
    lines.push([
      row.email,
      row.name,
      row.phone,
      row.bookings,
      csvLocalTime(row.lastBookedAt, zone),
      row.lastVisit ? csvLocalTime(row.lastVisit.startsAt, row.lastVisit.timezone) : null,
      row.money ? csvMoney(row.money.spentMinor, row.money.currency) : null,
      row.marketingConsent ? "yes" : "no",
    ]);
  return csvText(lines);
}

/** The download's file name: `<operator>-customers-consenting-<today>.csv`. */
export const customersCsvFilename = (accountSlug: string, today: string) =>
  `${accountSlug}-customers-consenting-${today}.csv`;
