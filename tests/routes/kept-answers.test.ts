import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { slots } from "~api/db/schema";
import { quoteBooking } from "~/features/booking/booking.server";
import { apiFor } from "~/platform/api.server";
import * as detailsRoute from "~/routes/_details.experiences.$parentId.$serviceId._index";
import { seedDbForThisFile } from "../support/api";
import { bookingBody, bookingUser, createSlot, findService, type TestService } from "../support/booking";
import { withEmulatorUsers, type TestUser } from "../support/identity";
import { args, outcome, pageRequest } from "../support/routes";

/**
 * The web keeps the API's public reads a few seconds (app/platform/api-read-cache.server.ts) and
 * drops them when the API says what a write changed: a quote changes nothing, a user's own write
 * changes the user, a booking the seats. The details page's loader, on the real read cache and
 * the in-process API.
 */
const { db } = seedDbForThisFile();
withEmulatorUsers();

let acme: TestService;
let guest: TestUser;
let departure: { id: string; date: string };
beforeAll(async () => {
  acme = await findService(db(), "acme");
  guest = await bookingUser(acme);
  const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
  const page = await details("");
  const day = (page.data.availability.days as Array<{ date: string; slots: Array<{ id: string }> }>).find((entry) =>
    entry.slots.some((candidate) => candidate.id === slot.id),
  )!;
  departure = { id: slot.id, date: day.date };
});

function details(query: string) {
  const params = { parentId: acme.experienceId, serviceId: acme.serviceId };
  const path = `/experiences/${acme.experienceId}/${acme.serviceId}?${query}`;
  return outcome(() => detailsRoute.loader(args(pageRequest(path), params) as never));
}

/** The seats left the details page shows for the departure. */
async function seatsShown(): Promise<number> {
  const page = await details(`date=${departure.date}`);
  const days = page.data.availability.days as Array<{ slots: Array<{ id: string; seatsLeft: number }> }>;
  return days.flatMap((day) => day.slots).find((slot) => slot.id === departure.id)!.seatsLeft;
}

describe("what the web keeps of the API, and when it lets go", () => {
  it("a quote and a user's own write keep the seats shown; a booking drops them at once", async () => {
    expect(await seatsShown()).toBe(10);
    // A seat taken behind the API's back (nothing is told): the page keeps what it was given.
    await db()
      .update(slots)
      .set({ seatsTaken: sql`${slots.seatsTaken} + 1` })
      .where(eq(slots.id, departure.id));
    expect(await seatsShown()).toBe(10);

    const request = pageRequest(`/experiences/${acme.experienceId}/${acme.serviceId}/confirm`);
    const quote = await quoteBooking(request, bookingBody(acme, departure.id, 2));
    expect(quote?.seatsLeft).toBe(9);
    expect(await seatsShown()).toBe(10);

    await apiFor(request, { token: guest.idToken }).call("updateName", {
      body: { firstName: "Grace", lastName: "Hopper" },
    });
    expect(await seatsShown()).toBe(10);

    const booking = bookingBody(acme, departure.id, 2);
    const placed = await apiFor(request, { token: guest.idToken }).call("createBooking", {
      body: { ...booking, returnUrl: booking.returnUrl! },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    expect(placed.booking.id).toMatch(/^bk_/);
    expect(await seatsShown()).toBe(7);
  });
});
