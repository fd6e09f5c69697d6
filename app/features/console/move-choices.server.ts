import { dateTimeFormat } from "~/ui/date-format";
import type { ConsoleCaller } from "./console.server";

/** One departure a guest can be moved to, as the move forms list it. */
export interface MoveChoice {
  id: string;
  startsAt: string;
  endsAt: string;
  timezone: string;
  /** Its local date in its experience's zone (the forms group the choices by day). */
  day: string;
  seatsLeft: number;
}

/** How far ahead the move forms look for departures. */
const DAYS_AHEAD = 90;

const localDate = (instant: string, timeZone: string) =>
  dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(instant));

/**
 * The departures of a service a guest (or a departure's guests) can move to: on sale (open, not
 * started, before the sales cut-off), other than `except`, with at least `seats` seats left, from
 * today in the experience's zone for DAYS_AHEAD days, soonest first. The API checks again when moving.
 */
export async function moveChoices(
  api: ConsoleCaller["api"],
  wanted: { experienceId: string; serviceId: string; timezone: string; except: string; seats: number },
): Promise<MoveChoice[]> {
  const { experienceId, serviceId, timezone: zone, except, seats } = wanted;
  const today = localDate(new Date().toISOString(), zone);
  const until = new Date(Date.parse(`${today}T12:00:00Z`) + DAYS_AHEAD * 86_400_000).toISOString().slice(0, 10);
  const listed = await api.call("operatorListDepartures", {
    params: { experienceId },
    query: { service: serviceId, from: today, to: until },
  });
  return listed.departures
    .map((departure) => ({ departure, seatsLeft: departure.capacity - departure.seatsSold - departure.seatsHeld }))
    .filter(
      ({ departure, seatsLeft }) =>
        departure.id !== except && departure.onSale && departure.status === "open" && seatsLeft >= seats,
    )
    .map(({ departure, seatsLeft }) => ({
      id: departure.id,
      startsAt: departure.startsAt,
      endsAt: departure.endsAt,
      timezone: departure.timezone,
      day: localDate(departure.startsAt, departure.timezone),
      seatsLeft,
    }));
}

/** The API's refusals of the chosen departure, shown on both move forms' target field. */
export const MOVE_TARGET_REFUSALS = {
  slot_not_found: { key: "desk.move.gone", field: "toSlotId" },
  sales_closed: { key: "desk.move.gone", field: "toSlotId" },
  same_departure: { key: "desk.move.same", field: "toSlotId" },
};
