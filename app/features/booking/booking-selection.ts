/**
 * The booking selection travels in the address (so it survives sign-in and works without
 * JavaScript): `date=YYYY-MM-DD&slot=<slotId>&t_<ticketTypeId>=<quantity>`, and `private=1` for
 * the whole departure (issue 46).
 */
import { MAX_SEATS, MAX_TICKETS_PER_TYPE } from "~contract/bookings/limits";

export const TICKET_PARAM_PREFIX = "t_";

/** Why a choice of tickets is refused: a locale key and its values (ticket-choice.server.ts). */
export type TicketRefusal = { key: string; values?: Record<string, number> };

export type Selection = {
  date: string | null;
  slotId: string | null;
  tickets: Array<{ ticketTypeId: string; quantity: number }>;
  /** The whole departure, at the service's group price. */
  private: boolean;
};

/** The address's word for a private booking. */
export const PRIVATE_PARAM = "private";

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function ticketParam(ticketTypeId: string) {
  return `${TICKET_PARAM_PREFIX}${ticketTypeId}`;
}

/**
 * The selection in a query. With `ticketTypeIds` (the service's), only those tickets count;
 * without, every `t_<id>` parameter does (the API judges the ids).
 */
export function parseSelection(query: URLSearchParams, ticketTypeIds?: readonly string[]): Selection {
  const dateValue = query.get("date");
  const date = dateValue && /^\d{4}-\d{2}-\d{2}$/.test(dateValue) ? dateValue : null;
  const slotValue = query.get("slot");
  const slotId = slotValue && ID.test(slotValue) ? slotValue : null;
  const ids =
    ticketTypeIds ??
    [...query.keys()]
      .filter((key) => key.startsWith(TICKET_PARAM_PREFIX))
      .map((key) => key.slice(TICKET_PARAM_PREFIX.length))
      .filter((id, index, all) => ID.test(id) && all.indexOf(id) === index)
      .slice(0, MAX_SEATS);
  const tickets = ids.flatMap((ticketTypeId) => {
    const raw = query.get(ticketParam(ticketTypeId));
    const quantity = raw !== null && /^\d{1,2}$/.test(raw.trim()) ? Number(raw.trim()) : 0;
    return quantity > 0 ? [{ ticketTypeId, quantity: Math.min(quantity, MAX_TICKETS_PER_TYPE) }] : [];
  });
  return { date, slotId, tickets, private: query.get(PRIVATE_PARAM) === "1" };
}

export function seatsOf(selection: Pick<Selection, "tickets">): number {
  return selection.tickets.reduce((sum, ticket) => sum + ticket.quantity, 0);
}

export function isCompleteSelection(selection: Selection): selection is Selection & { slotId: string } {
  const seats = seatsOf(selection);
  return selection.slotId !== null && seats > 0 && seats <= MAX_SEATS;
}

export function selectionQuery(selection: Selection): string {
  const params = new URLSearchParams();
  if (selection.date) params.set("date", selection.date);
  if (selection.slotId) params.set("slot", selection.slotId);
  for (const ticket of selection.tickets) params.set(ticketParam(ticket.ticketTypeId), String(ticket.quantity));
  if (selection.private) params.set(PRIVATE_PARAM, "1");
  return params.toString();
}

/**
 * The selection as far as the availability has it: a day it does not list (past, beyond the
 * window, closed) selects nothing, nor does a time that day does not have. With the chosen
 * departure's seats left (null: none chosen).
 */
export function selectionWithin(
  selection: Selection,
  availability: { days: Array<{ date: string; slots: Array<{ id: string; seatsLeft: number; capacity: number }> }> },
  privateSale: { only: boolean; maxGuests: number } | null = null,
): { selection: Selection; seatsLeft: number | null; privateTaken: boolean } {
  const day = availability.days.find((candidate) => candidate.date === selection.date);
  const slot = day?.slots.find((candidate) => candidate.id === selection.slotId) ?? null;
  // Private: asked for (or the only way it is sold) of a service sold so.
  const privately = privateSale !== null && (selection.private || privateSale.only);
  const room = slot && privately ? privateRoom(slot, privateSale) : null;
  return {
    selection: { ...selection, date: day ? day.date : null, slotId: slot ? slot.id : null, private: privately },
    seatsLeft: slot ? (room ?? slot.seatsLeft) : null,
    privateTaken: room === 0,
  };
}

/**
 * The guests a departure takes as a private booking: the sale's most, while none of its seats is
 * taken; else none (the API's rule: it is then `private_unavailable`).
 */
export function privateRoom(slot: { seatsLeft: number; capacity: number }, sale: { maxGuests: number }): number {
  return slot.seatsLeft === slot.capacity ? Math.min(sale.maxGuests, slot.capacity) : 0;
}
