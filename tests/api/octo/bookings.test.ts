import "../../support/env";
import { randomUUID } from "node:crypto";
import {
  zBooking,
  zErrorInvalidAvailabilityId,
  zErrorInvalidBookingUuid,
  zErrorInvalidOptionId,
  zErrorInvalidProductId,
  zErrorInvalidUnitId,
  zErrorUnprocessableEntity,
} from "@octocloud/types";
import { and, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { appClock, bookings, outbox } from "~api/db/schema";
import { forgetClock } from "~api/clock";
import { expireHolds } from "~api/bookings/hold-expiry";
import { OCTO_DEFAULT_EXPIRATION_MINUTES, OCTO_MAX_EXPIRATION_MINUTES } from "~contract/octo/bookings";
import { bookingWorld, createSlot, findService, seatsTaken, startNow, type TestService } from "../../support/booking";
import { v1 } from "../../support/client";
import { octo, resellerWithKey, type TestReseller } from "../../support/octo";
import { asMember, syncedMember } from "../../support/operator";

const { db, acme } = bookingWorld();
let reseller: TestReseller;
let other: TestReseller;
let harbor: TestService;

beforeAll(async () => {
  reseller = await resellerWithKey(db());
  other = await resellerWithKey(db());
  harbor = await findService(db(), "harbor");
});

/** A departure's OCTO availability id: its local start in the experience's zone, with the offset. */
const availabilityIdOf = (startsAt: Date, zone = acme.timezone) =>
  DateTime.fromJSDate(startsAt, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ");

/** The experience's own zone (an availability id is in it). */
let zone: string;
beforeAll(async () => {
  const product = await octo(reseller.key, `/products/${acme.experienceId}`);
  zone = product.body.timeZone;
});

async function departure(capacity = 10, startsInHours?: number) {
  const slot = await createSlot(db(), acme.serviceId, { capacity, startsInHours });
  return { ...slot, availabilityId: availabilityIdOf(slot.startsAt, zone) };
}

function reserve(key: string, body: Record<string, unknown>, pricing = false) {
  return octo(key, "/bookings", { body, pricing });
}

const reservation = (availabilityId: string, adults = 2, extra: Record<string, unknown> = {}) => ({
  uuid: randomUUID(),
  productId: acme.experienceId,
  optionId: acme.serviceId,
  availabilityId,
  unitItems: Array.from({ length: adults }, () => ({ unitId: acme.adult.id })),
  ...extra,
});

/** A 2xx answer parsed with OCTO's own schema. */
function booking(answer: { status: number; body: unknown }) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return zBooking.parse(answer.body);
}

async function reserved(availabilityId: string, adults = 2, extra: Record<string, unknown> = {}, key = reseller.key) {
  return booking(await reserve(key, reservation(availabilityId, adults, extra)));
}

const CONTACT = {
  fullName: "Grace Hopper",
  emailAddress: "grace@traveller.example",
  phoneNumber: "+1 555 010 2030",
  locales: ["en"],
  country: "US",
};

async function confirmed(uuid: string, extra: Record<string, unknown> = {}) {
  return booking(
    await octo(reseller.key, `/bookings/${uuid}/confirm`, {
      body: { contact: CONTACT, resellerReference: `RR-${uuid.slice(0, 8)}`, ...extra },
    }),
  );
}

const rowOf = async (uuid: string) => (await db().select().from(bookings).where(eq(bookings.octoUuid, uuid)))[0];

describe("OCTO bookings: reserve, confirm, read, list, cancel", () => {
  it("holds the seats ON_HOLD, confirms with the contact (paid by the reseller), reads, lists and cancels", async () => {
    const slot = await departure(6);
    const held = await reserved(slot.availabilityId, 2, { notes: "Window seats", resellerReference: "R-1" });
    expect(held).toMatchObject({
      status: "ON_HOLD",
      productId: acme.experienceId,
      optionId: acme.serviceId,
      availabilityId: slot.availabilityId,
      notes: "Window seats",
      resellerReference: "R-1",
      // A ticket is always there (both delivery methods are offered); its code only once confirmed.
      voucher: { redemptionMethod: "DIGITAL", utcRedeemedAt: null, deliveryOptions: [] },
      cancellable: true,
    });
    expect(held.availability?.id).toBe(slot.availabilityId);
    expect(held.unitItems.map((item) => item.unitId)).toEqual([acme.adult.id, acme.adult.id]);
    const expiresIn = new Date(held.utcExpiresAt!).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan((OCTO_DEFAULT_EXPIRATION_MINUTES - 1) * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(OCTO_DEFAULT_EXPIRATION_MINUTES * 60_000 + 5_000);
    // The same seat counter as every channel: the storefront's availability sees them taken.
    expect(await seatsTaken(db(), slot.id)).toBe(2);
    const row = await rowOf(held.uuid);
    expect(row).toMatchObject({ channel: "reseller", resellerId: reseller.id, userId: null, status: "held" });

    const done = await confirmed(held.uuid);
    expect(done).toMatchObject({
      status: "CONFIRMED",
      resellerReference: `RR-${held.uuid.slice(0, 8)}`,
      contact: { fullName: "Grace Hopper", emailAddress: "grace@traveller.example", country: "US" },
      utcExpiresAt: null,
      cancellable: true,
    });
    expect(done.utcConfirmedAt).not.toBeNull();
    expect(done.supplierReference).toMatch(/^WF-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    // The voucher: the booking's ticket code, as a QR code (the door's check-in reads it).
    const paid = await rowOf(held.uuid);
    expect(done.voucher?.deliveryOptions).toEqual([{ deliveryFormat: "QRCODE", deliveryValue: paid.ticketCode }]);
    expect(done.unitItems.every((item) => item.ticket?.deliveryOptions[0].deliveryValue === paid.ticketCode)).toBe(
      true,
    );
    expect(paid).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      paymentProvider: "reseller",
      guestName: "Grace Hopper",
      guestEmail: "grace@traveller.example",
      guestPhone: "+15550102030",
    });
    // Confirming again answers the same booking.
    expect((await confirmed(held.uuid)).id).toBe(done.id);

    const got = booking(await octo(reseller.key, `/bookings/${held.uuid}`));
    expect(got).toMatchObject({ id: done.id, status: "CONFIRMED" });

    const byReference = await octo(reseller.key, `/bookings?resellerReference=RR-${held.uuid.slice(0, 8)}`);
    expect(byReference.status).toBe(200);
    expect(byReference.body.map((line: unknown) => zBooking.parse(line).uuid)).toEqual([held.uuid]);
    const bySupplier = await octo(reseller.key, `/bookings?supplierReference=${done.supplierReference}`);
    expect(bySupplier.body.map((line: { uuid: string }) => line.uuid)).toEqual([held.uuid]);
    const day = slot.availabilityId.slice(0, 10);
    const byDay = await octo(reseller.key, `/bookings?localDate=${day}`);
    expect(byDay.body.map((line: { uuid: string }) => line.uuid)).toContain(held.uuid);
    const byRange = await octo(reseller.key, `/bookings?localDateStart=${day}&localDateEnd=${day}`);
    expect(byRange.body.map((line: unknown) => zBooking.parse(line).uuid)).toContain(held.uuid);
    const nothing = await octo(reseller.key, "/bookings");
    expect(nothing.status).toBe(400);
    expect(nothing.body.error).toBe("BAD_REQUEST");

    const cancelled = booking(
      await octo(reseller.key, `/bookings/${held.uuid}/cancel`, { body: { reason: "Guest changed plans" } }),
    );
    expect(cancelled).toMatchObject({
      status: "CANCELLED",
      cancellable: false,
      voucher: { redemptionMethod: "DIGITAL", utcRedeemedAt: null, deliveryOptions: [] },
      cancellation: { refund: "FULL", reason: "Guest changed plans" },
    });
    expect(await seatsTaken(db(), slot.id)).toBe(0);
    expect(await rowOf(held.uuid)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    // Cancelling again: the same answer.
    expect(booking(await octo(reseller.key, `/bookings/${held.uuid}/cancel`, { body: {} })).status).toBe("CANCELLED");
  });

  it("emails the guest the confirmation only when the reseller asks (emailReceipt), again on a confirmed booking too", async () => {
    const mailsTo = async (email: string) =>
      (await db().select().from(outbox).where(eq(outbox.recipient, email))).filter(
        (mail) => mail.kind === "booking_confirmed",
      );
    const slot = await departure(6);
    const quiet = await reserved(slot.availabilityId, 1);
    const quietEmail = `quiet-${quiet.uuid.slice(0, 8)}@traveller.example`;
    await confirmed(quiet.uuid, { contact: { ...CONTACT, emailAddress: quietEmail } });
    expect(await mailsTo(quietEmail)).toHaveLength(0);

    const asked = await reserved(slot.availabilityId, 1);
    const askedEmail = `asked-${asked.uuid.slice(0, 8)}@traveller.example`;
    const done = await confirmed(asked.uuid, { contact: { ...CONTACT, emailAddress: askedEmail }, emailReceipt: true });
    const [mail] = await mailsTo(askedEmail);
    expect(mail.subject).toContain("Booking confirmed");
    expect(mail.textBody).toContain(done.supplierReference);
    // Asked again on the confirmed booking: sent again. The quiet one, asked now: sent once.
    await confirmed(asked.uuid, { contact: { ...CONTACT, emailAddress: askedEmail }, emailReceipt: true });
    expect(await mailsTo(askedEmail)).toHaveLength(2);
    await confirmed(quiet.uuid, { contact: { ...CONTACT, emailAddress: quietEmail }, emailReceipt: true });
    expect(await mailsTo(quietEmail)).toHaveLength(1);
  });

  it("answers prices in minor units with octo/pricing, net after the reseller's commission", async () => {
    const slot = await departure();
    const held = booking(await reserve(reseller.key, reservation(slot.availabilityId, 3), true));
    // The booking's total (fees and taxes in it, as the storefront prices it), the taxes named.
    const row = await rowOf(held.uuid);
    expect(row.subtotalMinor).toBe(acme.adult.priceMinor * 3);
    expect(held.pricing).toMatchObject({
      retail: row.totalMinor,
      net: Math.round(row.totalMinor * 0.8),
      currency: acme.currency,
      includedTaxes: row.taxMinor > 0 ? [expect.objectContaining({ retail: row.taxMinor })] : [],
    });
    expect(held.unitItems[0].pricing?.retail).toBe(acme.adult.priceMinor);
  });

  it("takes `units` with quantities too, and keeps the reseller's unit item uuids", async () => {
    const slot = await departure();
    const itemUuid = randomUUID();
    const held = await reserved(slot.availabilityId, 0, {
      unitItems: [{ unitId: acme.adult.id, uuid: itemUuid, resellerReference: "seat-A" }],
      units: [{ id: acme.adult.id, quantity: 2 }],
    });
    expect(held.unitItems).toHaveLength(3);
    expect(held.unitItems[0]).toMatchObject({ uuid: itemUuid, resellerReference: "seat-A" });
    expect(await seatsTaken(db(), slot.id)).toBe(3);
  });

  it("the same uuid twice is one booking (at once too); the uuid for another booking is INVALID_BOOKING_UUID", async () => {
    const slot = await departure();
    const body = reservation(slot.availabilityId, 2);
    const [first, second] = await Promise.all([reserve(reseller.key, body), reserve(reseller.key, body)]);
    expect(booking(first).id).toBe(booking(second).id);
    expect(booking(await reserve(reseller.key, body)).id).toBe(booking(first).id);
    const rows = await db().select().from(bookings).where(eq(bookings.octoUuid, body.uuid));
    expect(rows).toHaveLength(1);
    expect(await seatsTaken(db(), slot.id)).toBe(2);

    const changed = await reserve(reseller.key, { ...body, unitItems: [{ unitId: acme.adult.id }] });
    expect(changed.status).toBe(400);
    expect(zErrorInvalidBookingUuid.parse(changed.body)).toMatchObject({
      error: "INVALID_BOOKING_UUID",
      uuid: body.uuid,
    });
    // Another reseller's own uuid space: the same uuid is its own new booking.
    const theirs = booking(await reserve(other.key, body));
    expect(theirs.id).not.toBe(booking(first).id);
  });

  it("another reseller's booking is INVALID_BOOKING_UUID, never its data; nor is it listed", async () => {
    const slot = await departure();
    const mine = await reserved(slot.availabilityId, 1, { resellerReference: "SHARED-REF" });
    for (const [path, body] of [
      [`/bookings/${mine.uuid}`, undefined],
      [`/bookings/${mine.uuid}/confirm`, { contact: CONTACT }],
      [`/bookings/${mine.uuid}/cancel`, {}],
      [`/bookings/${mine.uuid}/extend`, { expirationMinutes: 10 }],
    ] as const) {
      const answer = await octo(other.key, path, body === undefined ? {} : { body });
      expect(answer.status).toBe(400);
      expect(zErrorInvalidBookingUuid.parse(answer.body)).toMatchObject({
        error: "INVALID_BOOKING_UUID",
        uuid: mine.uuid,
      });
    }
    const patch = await octo(other.key, `/bookings/${mine.uuid}`, { method: "PATCH", body: { notes: "x" } });
    expect(patch.body).toMatchObject({ error: "INVALID_BOOKING_UUID", uuid: mine.uuid });
    const listed = await octo(other.key, "/bookings?resellerReference=SHARED-REF");
    expect(listed.body).toEqual([]);
    const unknown = randomUUID();
    expect((await octo(reseller.key, `/bookings/${unknown}`)).body).toMatchObject({
      error: "INVALID_BOOKING_UUID",
      uuid: unknown,
    });
    expect((await rowOf(mine.uuid)).status).toBe("held");
  });
});

describe("OCTO bookings: refusals", () => {
  it("a sold-out departure is UNPROCESSABLE_ENTITY and takes nothing; bad ids are named and echoed", async () => {
    const slot = await departure(2);
    const tooMany = await reserve(reseller.key, reservation(slot.availabilityId, 3));
    expect(tooMany.status).toBe(400);
    expect(zErrorUnprocessableEntity.parse(tooMany.body).error).toBe("UNPROCESSABLE_ENTITY");
    await reserved(slot.availabilityId, 2);
    const soldOut = await reserve(reseller.key, reservation(slot.availabilityId, 1));
    expect(soldOut.body.error).toBe("UNPROCESSABLE_ENTITY");
    expect(await seatsTaken(db(), slot.id)).toBe(2);

    const noSuch = "2031-01-01T09:00:00-05:00";
    const missing = await reserve(reseller.key, reservation(noSuch));
    expect(zErrorInvalidAvailabilityId.parse(missing.body)).toMatchObject({
      error: "INVALID_AVAILABILITY_ID",
      availabilityId: noSuch,
    });
    expect((await reserve(reseller.key, reservation("not-a-time"))).body).toMatchObject({
      error: "INVALID_AVAILABILITY_ID",
      availabilityId: "not-a-time",
    });
    const unit = await reserve(reseller.key, {
      ...reservation(slot.availabilityId),
      unitItems: [{ unitId: harbor.adult.id }],
    });
    expect(zErrorInvalidUnitId.parse(unit.body)).toMatchObject({ error: "INVALID_UNIT_ID", unitId: harbor.adult.id });
    const option = await reserve(reseller.key, { ...reservation(slot.availabilityId), optionId: harbor.serviceId });
    expect(zErrorInvalidOptionId.parse(option.body)).toMatchObject({ optionId: harbor.serviceId });
    const product = await reserve(reseller.key, {
      ...reservation(slot.availabilityId),
      productId: harbor.experienceId,
      optionId: harbor.serviceId,
    });
    expect(zErrorInvalidProductId.parse(product.body)).toMatchObject({ productId: harbor.experienceId });

    for (const bad of [
      { ...reservation(slot.availabilityId), uuid: "not-a-uuid" },
      { ...reservation(slot.availabilityId), expirationMinutes: OCTO_MAX_EXPIRATION_MINUTES + 1 },
      { ...reservation(slot.availabilityId), unitItems: undefined },
      "[]",
    ]) {
      const answer = await reserve(reseller.key, bad as Record<string, unknown>);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.error).toBe("BAD_REQUEST");
    }
    expect((await reserve(reseller.key, { ...reservation(slot.availabilityId, 0) })).body.error).toBe(
      "UNPROCESSABLE_ENTITY",
    );
    expect((await octo(undefined, "/bookings", { body: reservation(slot.availabilityId) })).status).toBe(401);
  });

  it("a confirmed booking past the operator's cancellation cut-off is UNPROCESSABLE_ENTITY; an ON_HOLD one always cancels", async () => {
    const slot = await departure();
    const late = await reserved(slot.availabilityId, 1);
    await confirmed(late.uuid);
    const onHold = await reserved(slot.availabilityId, 1);
    // The departure now starts in seconds: well inside the cut-off.
    await startNow(db(), slot.id);
    const refused = await octo(reseller.key, `/bookings/${late.uuid}/cancel`, { body: { reason: "late" } });
    expect(refused.status).toBe(400);
    expect(zErrorUnprocessableEntity.parse(refused.body).error).toBe("UNPROCESSABLE_ENTITY");
    expect(booking(await octo(reseller.key, `/bookings/${late.uuid}`))).toMatchObject({
      status: "CONFIRMED",
      cancellable: false,
    });
    const patch = await octo(reseller.key, `/bookings/${late.uuid}`, { method: "PATCH", body: { notes: "x" } });
    expect(patch.body.error).toBe("UNPROCESSABLE_ENTITY");
    expect(booking(await octo(reseller.key, `/bookings/${onHold.uuid}/cancel`, { body: {} }))).toMatchObject({
      status: "CANCELLED",
      cancellation: { refund: "NONE" },
    });
    expect(await seatsTaken(db(), slot.id)).toBe(1);
  });
});

describe("OCTO bookings: update and extend", () => {
  it("changes the reference, contact and notes; another operator's product is INVALID_PRODUCT_ID", async () => {
    const slot = await departure();
    const held = await reserved(slot.availabilityId, 2);
    const patch = (body: Record<string, unknown>) =>
      octo(reseller.key, `/bookings/${held.uuid}`, { method: "PATCH", body });
    const changed = booking(
      await patch({ resellerReference: "NEW-REF", notes: "Vegetarian", contact: { firstName: "Ada", lastName: "L" } }),
    );
    expect(changed).toMatchObject({
      resellerReference: "NEW-REF",
      notes: "Vegetarian",
      contact: { firstName: "Ada", lastName: "L" },
    });
    expect((await rowOf(held.uuid)).guestName).toBe("Ada L");
    // Another product (another operator's is not this key's): INVALID_PRODUCT_ID, nothing changed.
    const foreign = await patch({
      productId: harbor.experienceId,
      optionId: harbor.serviceId,
      availabilityId: slot.availabilityId,
      unitItems: [{ unitId: harbor.adult.id }],
    });
    expect(foreign.body).toMatchObject({ error: "INVALID_PRODUCT_ID", productId: harbor.experienceId });
    // Another option without its units and departure: UNPROCESSABLE_ENTITY.
    expect((await patch({ optionId: "sv-other" })).body.error).toBe("UNPROCESSABLE_ENTITY");
    // The same units again change nothing and are fine.
    expect(
      booking(await patch({ unitItems: held.unitItems.map(({ unitId }) => ({ unitId })) })).unitItems,
    ).toHaveLength(2);
  });

  it("changes the units of a hold and of a confirmed booking: re-priced, the seats' difference taken or given back", async () => {
    const slot = await departure(4);
    const held = await reserved(slot.availabilityId, 2, {}, reseller.key);
    const patch = (uuid: string, body: Record<string, unknown>) =>
      octo(reseller.key, `/bookings/${uuid}`, { method: "PATCH", body, pricing: true });
    const before = await rowOf(held.uuid);
    const three = booking(await patch(held.uuid, { unitItems: Array(3).fill({ unitId: acme.adult.id }) }));
    expect(three.unitItems).toHaveLength(3);
    expect(await seatsTaken(db(), slot.id)).toBe(3);
    const grown = await rowOf(held.uuid);
    expect(grown.seats).toBe(3);
    expect(grown.totalMinor).toBe(Math.round((before.totalMinor * 3) / 2));
    expect(three.pricing?.retail).toBe(grown.totalMinor);
    // More than the departure has left: refused, nothing taken.
    const tooMany = await patch(held.uuid, { unitItems: Array(5).fill({ unitId: acme.adult.id }) });
    expect(tooMany.body.error).toBe("UNPROCESSABLE_ENTITY");
    expect(await seatsTaken(db(), slot.id)).toBe(3);
    // A unit of another option: INVALID_UNIT_ID, echoed.
    const foreign = await patch(held.uuid, { unitItems: [{ unitId: harbor.adult.id }] });
    expect(foreign.body).toMatchObject({ error: "INVALID_UNIT_ID", unitId: harbor.adult.id });
    // Confirmed with one unit fewer: its seat given back.
    const done = await confirmed(held.uuid, { unitItems: Array(2).fill({ unitId: acme.adult.id }) });
    expect(done).toMatchObject({ status: "CONFIRMED" });
    expect(done.unitItems).toHaveLength(2);
    expect(await seatsTaken(db(), slot.id)).toBe(2);
    expect(await rowOf(held.uuid)).toMatchObject({ seats: 2, totalMinor: before.totalMinor, status: "confirmed" });
    const one = booking(await patch(held.uuid, { unitItems: [{ unitId: acme.adult.id }] }));
    expect(one.unitItems).toHaveLength(1);
    expect(await seatsTaken(db(), slot.id)).toBe(1);
  });

  it("moves a booking to another departure: its seats there, the old ones given back; a full one is refused", async () => {
    const [from, to, full] = [await departure(6), await departure(6), await departure(1)];
    const held = await reserved(from.availabilityId, 2);
    const done = await confirmed(held.uuid);
    const patch = (body: Record<string, unknown>) =>
      octo(reseller.key, `/bookings/${held.uuid}`, { method: "PATCH", body });
    const moved = booking(await patch({ availabilityId: to.availabilityId }));
    expect(moved).toMatchObject({ status: "CONFIRMED", availabilityId: to.availabilityId });
    // The reseller's voucher is still good: the same ticket code.
    expect(moved.voucher?.deliveryOptions).toEqual(done.voucher?.deliveryOptions);
    expect([await seatsTaken(db(), from.id), await seatsTaken(db(), to.id)]).toEqual([0, 2]);
    const refused = await patch({ availabilityId: full.availabilityId });
    expect(refused.body.error).toBe("UNPROCESSABLE_ENTITY");
    expect([await seatsTaken(db(), to.id), await seatsTaken(db(), full.id)]).toEqual([2, 0]);
    const unknown = await patch({ availabilityId: "2031-01-01T09:00:00-05:00" });
    expect(unknown.body).toMatchObject({ error: "INVALID_AVAILABILITY_ID" });
  });

  it("extends an ON_HOLD booking from now; a confirmed one is UNPROCESSABLE_ENTITY", async () => {
    const slot = await departure();
    const held = await reserved(slot.availabilityId, 1, { expirationMinutes: 5 });
    expect(new Date(held.utcExpiresAt!).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000 + 5_000);
    const extended = booking(
      await octo(reseller.key, `/bookings/${held.uuid}/extend`, { body: { expirationMinutes: 60 } }),
    );
    expect(new Date(extended.utcExpiresAt!).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    await confirmed(held.uuid);
    const refused = await octo(reseller.key, `/bookings/${held.uuid}/extend`, { body: { expirationMinutes: 10 } });
    expect(refused.body.error).toBe("UNPROCESSABLE_ENTITY");
  });
});

describe("OCTO bookings at the door and on the manifest", () => {
  it("shows the reseller on the manifest and the bookings list; checked in, the booking is REDEEMED", async () => {
    const slot = await departure();
    const held = await reserved(slot.availabilityId, 2);
    const done = await confirmed(held.uuid, { resellerReference: "DOOR-1" });
    const startsAt = await startNow(db(), slot.id);
    const manager = await syncedMember(db(), "acme", "manager");
    const date = DateTime.fromJSDate(startsAt, { zone: acme.timezone }).toISODate()!;
    const manifest = await v1.operatorManifest({ query: { date }, ...asMember(manager.idToken, { account: "acme" }) });
    expect(manifest.status).toBe(200);
    const entry = manifest.body.data.departures
      .flatMap((line: { bookings: Array<{ id: string }> }) => line.bookings)
      .find((line: { id: string }) => line.id === done.id);
    expect(entry).toMatchObject({
      reseller: { name: "Harbour Concierge", reference: "DOOR-1" },
      lead: { name: "Grace Hopper", email: "grace@traveller.example" },
      paymentStatus: "paid",
    });
    const listed = await v1.operatorListBookings({
      query: { channel: "reseller", q: done.supplierReference! },
      ...asMember(manager.idToken, { account: "acme" }),
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data.bookings).toEqual([
      expect.objectContaining({
        id: done.id,
        channel: "reseller",
        reseller: { name: "Harbour Concierge", reference: "DOOR-1" },
      }),
    ]);

    const row = await rowOf(held.uuid);
    const scan = await v1.operatorCheckIn({
      token: manager.idToken,
      account: "acme",
      body: { code: row.ticketCode, idempotencyKey: randomUUID() },
    });
    expect(scan.status, JSON.stringify(scan.body)).toBe(200);
    expect(scan.body.data.outcome).toBe("ok");
    const redeemed = booking(await octo(reseller.key, `/bookings/${held.uuid}`));
    expect(redeemed).toMatchObject({ status: "REDEEMED", cancellable: false });
    expect(redeemed.utcRedeemedAt).not.toBeNull();
    expect(redeemed.voucher?.utcRedeemedAt).toBe(redeemed.utcRedeemedAt);
    expect((await octo(reseller.key, `/bookings/${held.uuid}/cancel`, { body: {} })).body.error).toBe(
      "UNPROCESSABLE_ENTITY",
    );
  });
});

describe("OCTO bookings in the console", () => {
  it("a reseller's hold without a contact yet opens in the console's booking page", async () => {
    const slot = await departure();
    const held = await reserved(slot.availabilityId, 1);
    const owner = await syncedMember(db(), "acme", "owner");
    const page = await v1.operatorGetBooking({
      params: { bookingId: held.id },
      ...asMember(owner.idToken, { account: "acme" }),
    });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.source).toMatchObject({
      channel: "reseller",
      reseller: { name: "Harbour Concierge", reference: null },
      takenBy: null,
    });
    expect(page.body.data.guest).toMatchObject({ userId: null, name: "", email: null });
  });
});

describe("OCTO bookings: a hold left to run out", () => {
  it("is EXPIRED by the product's clock, its seats back; it can be neither confirmed nor extended", async () => {
    const slot = await departure(3);
    const held = await reserved(slot.availabilityId, 3, { expirationMinutes: 5 });
    expect(await seatsTaken(db(), slot.id)).toBe(3);
    const swept = await departure(2);
    const left = await reserved(swept.availabilityId, 2, { expirationMinutes: 5 });
    try {
      expect((await v1.moveDevClock({ body: { advanceMinutes: 6 } })).status).toBe(200);
      // The jobs' hold sweep (api/jobs/due-work.ts; it may have run already) frees a reseller's
      // hold like any other, before any OCTO call looks at it.
      await expireHolds(db());
      expect(await seatsTaken(db(), swept.id)).toBe(0);
      expect(await rowOf(left.uuid)).toMatchObject({ status: "expired" });
      expect(booking(await octo(reseller.key, `/bookings/${left.uuid}`)).status).toBe("EXPIRED");
      const expired = booking(await octo(reseller.key, `/bookings/${held.uuid}`));
      expect(expired).toMatchObject({ status: "EXPIRED", utcExpiresAt: null, cancellable: false });
      // The hold sweep (the storefront's) gave the seats back.
      expect(await seatsTaken(db(), slot.id)).toBe(0);
      expect(await rowOf(held.uuid)).toMatchObject({ status: "expired" });
      for (const path of ["confirm", "extend"]) {
        const refused = await octo(reseller.key, `/bookings/${held.uuid}/${path}`, { body: { contact: CONTACT } });
        expect(refused.status).toBe(400);
        expect(refused.body.error).toBe("UNPROCESSABLE_ENTITY");
      }
      // Its seats sell again, to anybody.
      await reserved(slot.availabilityId, 3);
      expect(await seatsTaken(db(), slot.id)).toBe(3);
      expect(
        await db()
          .select({ id: bookings.id })
          .from(bookings)
          .where(and(eq(bookings.slotId, slot.id), eq(bookings.status, "held"))),
      ).toHaveLength(1);
    } finally {
      // The clock only moves forward through the API: set back directly (the last test of the file).
      await db().delete(appClock).where(eq(appClock.id, 1));
      forgetClock();
    }
  });
});
