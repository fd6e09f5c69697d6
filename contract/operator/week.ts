/**
 * The week at a glance (issue 42, item 5): the console's home (today's and tomorrow's departures,
 * the bookings made since yesterday, what waits for a decision) and the calendar across
 * experiences (a week or a month), each departure on the local day of its own experience's zone.
 */
import { z } from "zod";
import { count, isoTime } from "../output-parts";
import { said } from "../fields";
import { emptyAsAbsent } from "../query";
import { DEPARTURE_STATUSES } from "../statuses";
import { localDate } from "./schedule-fields";
import { staffMoney } from "./staff-money";
import { CALENDAR_VIEWS } from "./calendar-views";

export { CALENDAR_VIEWS, type CalendarView } from "./calendar-views";

/**
 * GET /v1/operator/calendar?from=&view=: the week (Monday to Sunday) or the month holding `from`
 * (default today in the operator's zone). The range is the view's, so never more than 31 days.
 */
export const calendarQuery = z.object({
  from: z.preprocess(
    emptyAsAbsent,
    localDate.refine((date) => date >= "1970-01-01" && date <= "9998-12-31", said("localDate.invalid")).optional(),
  ),
  view: z.preprocess(
    emptyAsAbsent,
    z.enum(CALENDAR_VIEWS, { errorMap: () => ({ message: said("choice.invalid") }) }).optional(),
  ),
});
export type CalendarQuery = z.input<typeof calendarQuery>;

/** One departure as the home and the calendar show it. */
export const glanceDeparture = z.object({
  id: z.string(),
  experienceId: z.string(),
  experienceTitle: z.string(),
  serviceName: z.string(),
  startsAt: isoTime,
  /** The experience's IANA zone: the time is shown, and its day judged, in it (and named). */
  timezone: z.string(),
  status: z.enum(DEPARTURE_STATUSES),
  capacity: count,
  /** Seats of confirmed bookings. */
  seatsSold: count,
  /** Guests of confirmed bookings checked in so far. */
  checkedIn: count,
  guide: z.object({ userId: z.string(), name: z.string() }).nullable(),
});
export type GlanceDeparture = z.infer<typeof glanceDeparture>;

export const calendarDay = z.object({
  /** A local date: the departures starting on it in their own experience's zone. */
  date: z.string(),
  departures: z.array(glanceDeparture),
});

/** GET /v1/operator/calendar */
export const operatorCalendar = z.object({
  view: z.enum(CALENDAR_VIEWS),
  /** First and last local date of the view (both included). */
  from: z.string(),
  to: z.string(),
  /** The `from` of the previous and the next view. */
  previous: z.string(),
  next: z.string(),
  /** Today in the operator's zone. */
  today: z.string(),
  /** Every day of the view, in order, with or without departures. */
  days: z.array(calendarDay),
});
export type OperatorCalendar = z.infer<typeof operatorCalendar>;

/** How many of the newest bookings, and of each kind of decision, the home lists (the counts are of all). */
export const HOME_LIST_SIZE = 10;
/** A waitlist offer expiring within these hours is "expiring soon". */
export const OFFER_SOON_HOURS = 24;

export const homeBooking = z.object({
  id: z.string(),
  reference: z.string(),
  createdAt: isoTime,
  guestName: z.string(),
  seats: count,
  departure: z.object({ id: z.string(), startsAt: isoTime, timezone: z.string(), experienceTitle: z.string() }),
  money: staffMoney(z.object({ currency: z.string(), totalMinor: z.number().int() })),
});

export const homeDecisions = z.object({
  /** Future departures a schedule change left with bookings (slots.needs_decision): keep or cancel. */
  departures: z.object({
    count,
    items: z.array(
      glanceDeparture.pick({
        id: true,
        experienceId: true,
        experienceTitle: true,
        serviceName: true,
        startsAt: true,
        timezone: true,
        seatsSold: true,
      }),
    ),
  }),
  /** Refunds decided and not yet made (booking_refunds.status 'owed'), oldest first. */
  refundsOwed: z.object({
    count,
    items: z.array(
      z.object({
        id: z.string(),
        bookingId: z.string(),
        reference: z.string(),
        guestName: z.string(),
        amountMinor: z.number().int(),
        currency: z.string(),
        createdAt: isoTime,
      }),
    ),
  }),
  /** Open waitlist offers expiring within OFFER_SOON_HOURS, soonest first. */
  offersExpiring: z.object({
    count,
    items: z.array(
      z.object({
        id: z.string(),
        departureId: z.string(),
        experienceTitle: z.string(),
        startsAt: isoTime,
        timezone: z.string(),
        seats: count,
        expiresAt: isoTime,
      }),
    ),
  }),
});

/** GET /v1/operator/home */
export const operatorHome = z.object({
  /** Today and tomorrow in the operator's zone (each departure is on its own experience's day). */
  today: z.string(),
  tomorrow: z.string(),
  timezone: z.string(),
  departures: z.object({ today: z.array(glanceDeparture), tomorrow: z.array(glanceDeparture) }),
  /** Bookings made since yesterday began in the operator's zone, not abandoned checkouts (a guide: on their departures). */
  newBookings: z.object({ since: isoTime, count, latest: z.array(homeBooking) }),
  /** What waits for a decision; null for a guide (the owner and managers decide). */
  decisions: homeDecisions.nullable(),
  /**
   * What the console told the signed-in member about the departures they lead (assigned, taken
   * off, cancelled: api/operator/guides-told.ts), newest first; also emailed.
   */
  notices: z.array(
    z.object({ id: z.string(), title: z.string(), body: z.string(), link: z.string().nullable(), at: isoTime }),
  ),
});
export type OperatorHome = z.infer<typeof operatorHome>;
