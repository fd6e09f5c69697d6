/**
 * The day manifest (issue 29, item 1) and per-guest check-in from it (item 2, the manifest's
 * side): the query and bodies the API validates, the shape it answers, and the CSV it writes
 * (the web's download is the same function of the same answer: manifestCsv).
 */
import { z } from "zod";
import { count, isoTime, minor } from "../output-parts";
import { said } from "../fields";
import { csvLocalTime, csvMoney, csvText, type CsvValue } from "../csv";
import { emptyAsAbsent } from "../query";
import { localDate } from "./schedule-fields";
import { staffMoney } from "./staff-money";
import { bookingReseller } from "./bookings";
import { DEPARTURE_STATUSES } from "../statuses";
import { answerText, bookingAnswersOutput, type AnswerLine } from "../bookings/questions";
import { bookingAddOn, type BookingAddOn } from "../bookings/add-ons";
import { bookingPickup } from "../bookings/pickup-points";

/**
 * GET /v1/operator/manifest?date=&format=: a local date (default today in the operator's zone);
 * each departure is on the manifest of its own local date, in its experience's zone.
 */
export const manifestQuery = z.object({
  date: z.preprocess(emptyAsAbsent, localDate.optional()),
  /** `csv`: the same as `Accept: text/csv`. */
  format: z.preprocess(
    emptyAsAbsent,
    z.enum(["json", "csv"], { errorMap: () => ({ message: said("format.jsonOrCsv") }) }).optional(),
  ),
});

/** The most guests one booking has (bookings.seats and booking_check_ins.guest_no: 1..20). */
export const MAX_GUESTS = 20;

export const CHECK_IN_ACTIONS = ["checked_in", "no_show", "reset"] as const;
export type CheckInAction = (typeof CHECK_IN_ACTIONS)[number];

export const manifestBookingParams = z.object({
  bookingId: z.string().regex(/^bk_[A-Za-z0-9_-]{16}$/, said("bookingId.invalid")),
});

/** POST /v1/operator/bookings/{bookingId}/check-ins: one guest (1..seats) or "all" of them. */
export const updateCheckInBody = z.object({
  guestNo: z.union([z.number().int().min(1).max(MAX_GUESTS), z.literal("all")], {
    errorMap: () => ({ message: said("guestNo.invalid") }),
  }),
  status: z.enum(CHECK_IN_ACTIONS, { errorMap: () => ({ message: said("checkInAction.invalid") }) }),
});

export const GUEST_STATUSES = ["none", "checked_in", "no_show"] as const;
export type GuestStatus = (typeof GUEST_STATUSES)[number];

export const manifestGuest = z.object({
  guestNo: z.number().int().min(1),
  ticketTypeCode: z.string(),
  ticketTypeName: z.string(),
  status: z.enum(GUEST_STATUSES),
  at: isoTime.nullable(),
});

export const manifestTicketCount = z.object({ code: z.string(), name: z.string(), quantity: count });

export const manifestBooking = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(["confirmed", "held"]),
  /** A held booking's hold ends then (its guest is paying). */
  holdExpiresAt: isoTime.nullable(),
  seats: count,
  tickets: z.array(manifestTicketCount),
  /** "2 Adults, 1 Child (5–12)" (contract/bookings/guest-summary.ts). */
  guestsLabel: z.string(),
  lead: z.object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  /** The reseller that sold it (channel `reseller`) and its reference; null: none. */
  reseller: bookingReseller,
  /** The booking's guest signed this operator's current waiver version. */
  waiverSigned: z.boolean(),
  /** Paid, pending, refunded…: whether to admit the guests, not an amount (a guide gets it too). */
  paymentStatus: z.string(),
  money: staffMoney(
    z.object({
      currency: z.string(),
      totalMinor: minor,
      /** Paid and kept: the total once paid, minus what was refunded. */
      paidMinor: minor,
      /** Still to pay: the total of a held or unpaid booking. */
      owedMinor: minor,
      refundedMinor: minor,
    }),
  ),
  guests: z.array(manifestGuest),
  /** The questions it was asked and its answers (the CSV has a column per question). */
  answers: bookingAnswersOutput,
  /** The add-ons it bought (the CSV's add_ons column). */
  addOns: z.array(bookingAddOn),
  /** The pickup point it chose and its pickup time (the CSV's pickup columns); null: none. */
  pickup: bookingPickup.nullable(),
});

/**
 * The guests of a departure by pickup: one group per point and pickup time, earliest pickup first,
 * then the bookings without a pickup (all nulls); each lists its bookings in the manifest's order.
 */
export const manifestPickupGroup = z.object({
  pickupPointId: z.string().nullable(),
  name: z.string().nullable(),
  address: z.string().nullable(),
  pickupAt: isoTime.nullable(),
  /** The pickup's local time in the departure's zone, "08:30". */
  localTime: z.string().nullable(),
  bookingIds: z.array(z.string()),
  guests: count,
});

export const manifestTotals = z.object({
  bookings: count,
  heldBookings: count,
  guests: count,
  tickets: z.array(manifestTicketCount),
  money: staffMoney(z.object({ paidMinor: minor, owedMinor: minor, refundedMinor: minor })),
  checkedIn: count,
  noShows: count,
});

export const manifestDeparture = z.object({
  id: z.string(),
  experienceId: z.string(),
  experienceTitle: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  /** The experience's IANA zone: the departure's times are shown, and its day judged, in it. */
  timezone: z.string(),
  capacity: count,
  /** Seats of confirmed and held bookings. */
  seatsTaken: count,
  status: z.enum(DEPARTURE_STATUSES),
  guide: z.object({ userId: z.string(), name: z.string() }).nullable(),
  /** In pickup order: earliest pickup first, then the bookings without a pickup (in booking order within each). */
  bookings: z.array(manifestBooking),
  /** The guests grouped by pickup, in pickup order (one group of nulls when no booking has a pickup). */
  pickupGroups: z.array(manifestPickupGroup),
  totals: manifestTotals,
});

/** GET /v1/operator/manifest */
export const manifest = z.object({
  /** The local date every departure listed starts on, each in its own experience's zone. */
  date: z.string(),
  /** The operator's IANA zone: a departure whose zone differs has it named beside its times. */
  timezone: z.string(),
  /** The operator's currency, which every amount of the day is in (null for a guide: no amounts). */
  money: staffMoney(z.object({ currency: z.string() })),
  previousDate: z.string(),
  nextDate: z.string(),
  departures: z.array(manifestDeparture),
});

/** POST /v1/operator/bookings/{bookingId}/check-ins: the booking's guests after the change. */
export const checkInUpdate = z.object({ bookingId: z.string(), guests: z.array(manifestGuest) });

/** GET /v1/operator/guides: the team's members, any of whom may lead a departure. */
export const guideChoices = z.object({
  guides: z.array(z.object({ userId: z.string(), name: z.string(), role: z.enum(["owner", "manager", "guide"]) })),
});

export type Manifest = z.infer<typeof manifest>;
export type ManifestDeparture = z.infer<typeof manifestDeparture>;
export type ManifestBooking = z.infer<typeof manifestBooking>;
export type ManifestGuest = z.infer<typeof manifestGuest>;
export type ManifestPickupGroup = z.infer<typeof manifestPickupGroup>;
export type ManifestBookingMoney = NonNullable<ManifestBooking["money"]>;
export type CheckInUpdate = z.infer<typeof checkInUpdate>;

/**
 * The columns of the manifest's CSV, one row per booking: times local to the departure's zone and
 * naming it ("2026-12-02 22:30 America/Denver"), money in major units with its currency ("40.00 USD").
 * The money columns are there only when the manifest has money (owner, manager; never a guide's).
 */
export const MANIFEST_CSV_COLUMNS = [
  "date",
  "departure_id",
  "experience",
  "service",
  "starts_at",
  "ends_at",
  "departure_status",
  "capacity",
  "seats_taken",
  "guide",
  "booking_id",
  "reference",
  "booking_status",
  "hold_expires_at",
  "seats",
  "guests",
  "lead_name",
  "lead_phone",
  "lead_email",
  "waiver_signed",
  "payment_status",
  "checked_in",
  "no_shows",
  "add_ons",
  "pickup_point",
  "pickup_address",
  "pickup_at",
  "reseller",
  "reseller_reference",
] as const;

/** The money columns, after `payment_status`, in a manifest that has money. */
export const MANIFEST_CSV_MONEY_COLUMNS = ["total", "paid", "owed", "refunded"] as const;

const MONEY_AFTER = MANIFEST_CSV_COLUMNS.indexOf("payment_status") + 1;

/** `cells` with the money cells in their place (after payment_status), or without them. */
const withMoneyCells = (cells: CsvValue[], money: CsvValue[] | null): CsvValue[] =>
  money ? [...cells.slice(0, MONEY_AFTER), ...money, ...cells.slice(MONEY_AFTER)] : cells;

/** The questions asked by the manifest's bookings, by id, first asked first: a CSV column each, named by its label. */
function questionColumns(manifest: Manifest): Array<{ id: string; label: string }> {
  const columns = new Map<string, string>();
  for (const departure of manifest.departures)
    for (const booking of departure.bookings)
      for (const question of booking.answers.questions)
        if (!columns.has(question.id)) columns.set(question.id, question.label);
  return [...columns].map(([id, label]) => ({ id, label }));
}

/** A question's cell: the booking's answer, or each guest's ("Guest 1: 170 | Guest 3: 120"). */
function answerCell(lines: readonly AnswerLine[], questionId: string): string {
  const words = { yes: "yes", no: "no" };
  return lines
    .filter((line) => line.questionId === questionId)
    .map((line) => (line.guestNo === null ? "" : `Guest ${line.guestNo}: `) + answerText(line.value, words))
    .join(" | ");
}

/** A booking's add-ons in one cell: "Wetsuit x 2; Bottle x 1". */
export const addOnsCell = (addOns: readonly BookingAddOn[]) =>
  addOns.map((line) => `${line.name} x ${line.quantity}`).join("; ");

/** The CSV rows (header first) of a manifest: one per booking, its departure's columns repeated, its answers last. */
export function manifestCsvRows(manifest: Manifest): CsvValue[][] {
  const questions = questionColumns(manifest);
  const header = [
    ...withMoneyCells([...MANIFEST_CSV_COLUMNS], manifest.money ? [...MANIFEST_CSV_MONEY_COLUMNS] : null),
    ...questions.map((question) => question.label),
  ];
  const rows: CsvValue[][] = [header];
  for (const departure of manifest.departures) {
    const local = (at: string) => csvLocalTime(at, departure.timezone);
    for (const booking of departure.bookings) {
      const { money } = booking;
      const cells: CsvValue[] = [
        manifest.date,
        departure.id,
        departure.experienceTitle,
        departure.serviceName,
        local(departure.startsAt),
        local(departure.endsAt),
        departure.status,
        departure.capacity,
        departure.seatsTaken,
        departure.guide?.name ?? "",
        booking.id,
        booking.reference,
        booking.status,
        booking.holdExpiresAt ? local(booking.holdExpiresAt) : "",
        booking.seats,
        booking.guestsLabel,
        booking.lead.name,
        booking.lead.phone ?? "",
        booking.lead.email ?? "",
        booking.waiverSigned ? "yes" : "no",
        booking.paymentStatus,
        booking.guests.filter((guest) => guest.status === "checked_in").length,
        booking.guests.filter((guest) => guest.status === "no_show").length,
        addOnsCell(booking.addOns),
        booking.pickup?.name ?? "",
        booking.pickup?.address ?? "",
        booking.pickup ? local(booking.pickup.pickupAt) : "",
        booking.reseller?.name ?? "",
        booking.reseller?.reference ?? "",
      ];
      const amounts = money
        ? [money.totalMinor, money.paidMinor, money.owedMinor, money.refundedMinor].map((minor) =>
            csvMoney(minor, money.currency),
          )
        : null;
      rows.push([
        ...withMoneyCells(cells, manifest.money ? (amounts ?? ["", "", "", ""]) : null),
        ...questions.map((question) => answerCell(booking.answers.lines, question.id)),
      ]);
    }
  }
  return rows;
}

/** The manifest as CSV text (CRLF line ends, RFC 4180). */
export function manifestCsv(manifest: Manifest): string {
  return csvText(manifestCsvRows(manifest));
}

/** The download's file name: manifest-acme-2026-11-26.csv */
export const manifestCsvFilename = (slug: string, date: string) => `manifest-${slug}-${date}.csv`;
