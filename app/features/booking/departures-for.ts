import type { Availability } from "~/features/booking/availability";

/**
 * A service's availability cut to the departures a party can move to: other than the one it holds
 * (`except`, its start), with seats for all of it. A day left with none reads as sold out, so the
 * day choosers (calendar and list) disable it.
 */
export function departuresFor(availability: Availability, { seats, except }: { seats: number; except: string }) {
  return {
    ...availability,
    days: availability.days.map((day) => {
      const slots = day.slots.filter((slot) => slot.startsAt !== except && slot.seatsLeft >= seats);
      return slots.length === day.slots.length
        ? day
        : {
            ...day,
            slots,
            seatsLeft: slots.reduce((sum, slot) => sum + slot.seatsLeft, 0),
            status: slots.length === 0 ? ("sold_out" as const) : day.status,
          };
    }),
  } satisfies Availability;
}
