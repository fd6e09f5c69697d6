import { MAX_SEATS, MAX_TICKETS_PER_TYPE } from "~contract/bookings/limits";
import { z } from "~/platform/form.server";
import { ticketParam, type TicketRefusal } from "~/features/booking/booking-selection";

export type TicketChoice = {
  /** The quantities the address carries (the form's own numbers, 0 kept); null when it carries none. */
  quantities: Record<string, number> | null;
  /** Why these tickets cannot be booked (the API's limits: per ticket type, per booking, seats left). */
  refusal: TicketRefusal | null;
};

const quantity = z
  .string()
  .trim()
  .transform((value) => (value === "" ? 0 : Number(value)))
  .pipe(z.number().int().min(0).max(MAX_TICKETS_PER_TYPE));

/**
 * The ticket quantities a details page was sent (`t_<ticketTypeId>`, the widget's GET form),
 * checked against the booking limits the API applies, so that a refused choice is said (and
 * kept on screen) rather than reset. `seatsLeft`: the chosen departure's, when one is chosen.
 */
export function checkTicketChoice(
  query: URLSearchParams,
  ticketTypeIds: readonly string[],
  seatsLeft: number | null,
): TicketChoice {
  const given = ticketTypeIds.filter((id) => query.has(ticketParam(id)));
  if (given.length === 0) return { quantities: null, refusal: null };
  const quantities: Record<string, number> = {};
  let invalid = false;
  for (const id of ticketTypeIds) {
    const parsed = quantity.safeParse(query.get(ticketParam(id)) ?? "0");
    if (!parsed.success) invalid = true;
    quantities[id] = parsed.success ? parsed.data : 0;
  }
  const seats = Object.values(quantities).reduce((sum, count) => sum + count, 0);
  const refusal: TicketRefusal | null = invalid
    ? { key: "details.ticketsPerType", values: { max: MAX_TICKETS_PER_TYPE } }
    : seats < 1
      ? { key: "details.selectTickets" }
      : seats > MAX_SEATS
        ? { key: "details.ticketsPerBooking", values: { max: MAX_SEATS } }
        : seatsLeft !== null && seats > seatsLeft
          ? { key: "details.tooManyTickets", values: { count: seatsLeft } }
          : null;
  return { quantities, refusal };
}
