import { and, asc, eq } from "drizzle-orm";
import { serviceJoins } from "../db/joins";
import type { Db } from "../db/client";
import {
  accounts,
  experiences,
  services,
  ticketTypes,
  type AccountRow,
  type ServiceRow,
  type TicketTypeRow,
} from "../db/schema";
import { notFound } from "../http/errors";
import { isPublished } from "./fragments";
import { questionsFor, storedQuestions, type BookingQuestion } from "~contract/bookings/questions";

/** A service with its experience, operator and ticket types, as booking (and a promo code's check) needs it. */
export interface BookableService {
  service: ServiceRow;
  /** pickupRequired: a new booking must choose one of its pickup points (when it has any). */
  experience: { id: string; title: string; meetingPoint: string; timezone: string; pickupRequired: boolean };
  account: AccountRow;
  ticketTypes: TicketTypeRow[];
  /** The booking questions a booking of this service is asked (the experience's for it). */
  questions: BookingQuestion[];
}

/** The service (404 when unknown, a draft's or, in account mode, another operator's) and its ticket types: two queries. */
export async function loadBookableService(
  db: Db,
  serviceId: string,
  scope: AccountRow | null,
): Promise<BookableService> {
  const [row] = await serviceJoins(
    db
      .select({
        service: services,
        experience: {
          id: experiences.id,
          title: experiences.title,
          meetingPoint: experiences.meetingPoint,
          timezone: experiences.timezone,
          pickupRequired: experiences.pickupRequired,
        },
        bookingQuestions: experiences.bookingQuestions,
        account: accounts,
      })
      .from(services)
      .$dynamic(),
  )
    .where(and(eq(services.id, serviceId), isPublished(), scope ? eq(accounts.id, scope.id) : undefined))
    .limit(1);
  if (!row) throw notFound(`No service "${serviceId}".`);
  const types = await db
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.serviceId, serviceId))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id));
  const { bookingQuestions, ...rest } = row;
  return { ...rest, ticketTypes: types, questions: questionsFor(storedQuestions.parse(bookingQuestions), serviceId) };
}
