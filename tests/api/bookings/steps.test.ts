import { beforeAll, describe, expect, it } from "vitest";
import { expectEnvelope, seedDbForThisFile } from "../../support/api";
import * as world from "../../support/booking";
import { createUser, syncedUser, withEmulatorUsers } from "../../support/identity";
import { v1 } from "../../support/client";

/**
 * The quote says what the caller still has to do before a booking is taken (`missing`), by the
 * same rule POST /v1/bookings refuses with: the web's pay page sends the guest to that step
 * instead of checking the profile and the waiver itself.
 */
const { db } = seedDbForThisFile();
withEmulatorUsers();

let acme: world.TestService;
let harbor: world.TestService;
beforeAll(async () => {
  acme = await world.findService(db(), "acme");
  harbor = await world.findService(db(), "harbor");
});

async function missingFor(token: string | undefined, slotId: string): Promise<string[]> {
  const res = await v1.quote({
    token,
    body: { serviceId: acme.serviceId, slotId, tickets: [{ ticketTypeId: acme.adult.id, quantity: 1 }] },
  });
  expect(res.status).toBe(200);
  return res.body.data.missing;
}

describe("POST /v1/bookings/quote: missing", () => {
  it("is sign_in without a caller, and for a caller who has not been set up yet", async () => {
    const slot = await world.createSlot(db(), acme.serviceId);
    expect(await missingFor(undefined, slot.id)).toEqual(["sign_in"]);
    const neverSynced = await createUser();
    expect(await missingFor(neverSynced.idToken, slot.id)).toEqual(["sign_in"]);
  });

  it("names the profile and the waiver while the booking would be refused for them, and nothing once it is not", async () => {
    const slot = await world.createSlot(db(), acme.serviceId);
    const user = await syncedUser({ firstName: "Ada" });
    expect(await missingFor(user.idToken, slot.id)).toEqual(["profile", "waiver"]);
    expectEnvelope(await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id)), 409, "profile_incomplete");

    // No postal address is needed to book: with both names only the waiver is left.
    await v1.updateMissingData({ token: user.idToken, body: { lastName: "Lovelace" } });
    expect(await missingFor(user.idToken, slot.id)).toEqual(["waiver"]);
    expectEnvelope(await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id)), 409, "waiver_required");

    // Another operator's waiver does not count.
    const sign = (service: world.TestService) =>
      v1.signWaiver({
        token: user.idToken,
        account: service.accountSlug,
        body: { signedName: "Ada Lovelace", agree: true, textVersion: service.waiverVersion },
      });
    expect((await sign(harbor)).status).toBe(200);
    expect(await missingFor(user.idToken, slot.id)).toEqual(["waiver"]);
    expect((await sign(acme)).status).toBe(200);
    expect(await missingFor(user.idToken, slot.id)).toEqual([]);
    expect((await world.placeBooking(user.idToken, world.bookingBody(acme, slot.id))).status).toBe(201);
  });

  it("is empty for a guest who may book", async () => {
    const slot = await world.createSlot(db(), acme.serviceId);
    expect(await missingFor((await world.bookingUser(acme)).idToken, slot.id)).toEqual([]);
  });
});
