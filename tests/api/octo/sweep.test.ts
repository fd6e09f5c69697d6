import "../../support/env";
import { randomUUID } from "node:crypto";
import {
  zAvailabilitiesAvailabilityCalendarResponse,
  zAvailabilitiesAvailabilityCheckResponse,
  zBaseError,
  zBookingPricing,
  zBookingsBookingCancellationResponse,
  zBookingsBookingConfirmationResponse,
  zBookingsBookingReservationResponse,
  zBookingsBookingUpdateResponse,
  zBookingsExtendReservationResponse,
  zBookingsGetBookingResponse,
  zBookingsGetBookingsResponse,
  zErrorInvalidAvailabilityId,
  zErrorInvalidBookingUuid,
  zErrorInvalidOptionId,
  zErrorInvalidProductId,
  zErrorInvalidUnitId,
  zProductsGetProductResponse,
  zProductsGetProductsResponse,
  zSuppliersGetResponse,
} from "@octocloud/types";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingWorld, createSlot, findService, type TestService } from "../../support/booking";
import { octo, octoAvailabilityId, resellerWithKey, type TestReseller } from "../../support/octo";
import { stretched } from "../../support/time-limits";

/**
 * The OCTO answers, swept (issue 47): a few hundred calls over every path — reads with and without
 * `octo/pricing`, whole booking lifecycles, and refused calls of every kind. Every 2xx body parses
 * with the OCTO schema of its operation (from `@octocloud/types`); every refusal is 400, 401 or 403
 * with an OCTO error name, and the refused id echoed for the INVALID_* ones. No call is answered 5xx.
 */

/** What the sweep asks of a schema of `@octocloud/types`. */
interface Schema {
  safeParse(value: unknown): { success: boolean; error?: { issues: unknown[] } };
}

const SUCCESS: [method: string, path: RegExp, schema: Schema][] = [
  ["GET", /^\/supplier$/, zSuppliersGetResponse],
  ["GET", /^\/products$/, zProductsGetProductsResponse],
  ["GET", /^\/products\/[^/]+$/, zProductsGetProductResponse],
  ["POST", /^\/availability\/calendar$/, zAvailabilitiesAvailabilityCalendarResponse],
  ["POST", /^\/availability$/, zAvailabilitiesAvailabilityCheckResponse],
  ["POST", /^\/bookings$/, zBookingsBookingReservationResponse],
  ["GET", /^\/bookings\?/, zBookingsGetBookingsResponse],
  ["GET", /^\/bookings\/[^/?]+$/, zBookingsGetBookingResponse],
  ["PATCH", /^\/bookings\/[^/]+$/, zBookingsBookingUpdateResponse],
  ["POST", /^\/bookings\/[^/]+\/confirm$/, zBookingsBookingConfirmationResponse],
  ["POST", /^\/bookings\/[^/]+\/extend$/, zBookingsExtendReservationResponse],
  ["POST", /^\/bookings\/[^/]+\/cancel$/, zBookingsBookingCancellationResponse],
];

/** Each refusal's schema, and the field whose id it echoes. */
const REFUSALS: Record<string, { status: number; schema: Schema; echoes?: string }> = {
  BAD_REQUEST: { status: 400, schema: zBaseError },
  UNPROCESSABLE_ENTITY: { status: 400, schema: zBaseError },
  INVALID_PRODUCT_ID: { status: 400, schema: zErrorInvalidProductId, echoes: "productId" },
  INVALID_OPTION_ID: { status: 400, schema: zErrorInvalidOptionId, echoes: "optionId" },
  INVALID_UNIT_ID: { status: 400, schema: zErrorInvalidUnitId, echoes: "unitId" },
  INVALID_AVAILABILITY_ID: { status: 400, schema: zErrorInvalidAvailabilityId, echoes: "availabilityId" },
  INVALID_BOOKING_UUID: { status: 400, schema: zErrorInvalidBookingUuid, echoes: "uuid" },
  UNAUTHORIZED: { status: 401, schema: zBaseError },
  FORBIDDEN: { status: 403, schema: zBaseError },
};

interface Call {
  key?: string;
  path: string;
  method?: "GET" | "POST" | "PATCH";
  body?: unknown;
  pricing?: boolean;
  /** The refusal this call must get, with the id it must echo; none: it must succeed. */
  refused?: { error: string; echoed?: string };
}

const { db, acme } = bookingWorld();
let reseller: TestReseller;
let harbor: TestService;
const counts = { calls: 0, succeeded: 0, refused: 0 };

beforeAll(async () => {
  reseller = await resellerWithKey(db());
  harbor = await findService(db(), "harbor");
});

/** One call, its answer checked against OCTO's schemas; the parsed body. */
async function send(call: Call) {
  const method = call.method ?? (call.body === undefined ? "GET" : "POST");
  const answer = await octo(call.key === undefined ? reseller.key : call.key || undefined, call.path, {
    method,
    ...(call.body === undefined ? {} : { body: call.body }),
    ...(call.pricing ? { pricing: true } : {}),
  });
  const label = `${method} ${call.path} ${JSON.stringify(call.body ?? null).slice(0, 200)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
  counts.calls += 1;
  expect(answer.status, label).toBeLessThan(500);
  if (!call.refused) {
    expect(answer.status, label).toBe(200);
    const route = SUCCESS.find(([m, path]) => m === method && path.test(call.path));
    expect(route, label).toBeDefined();
    const parsed = route![2].safeParse(answer.body);
    expect(parsed.success ? [] : parsed.error?.issues, label).toEqual([]);
    if (call.pricing && /^\/bookings(\/|$)/.test(call.path) && method !== "GET") {
      expect(zBookingPricing.required().safeParse(answer.body).success, label).toBe(true);
    }
    counts.succeeded += 1;
    return answer.body;
  }
  const refusal = REFUSALS[call.refused.error];
  expect(answer.body?.error, label).toBe(call.refused.error);
  expect(answer.status, label).toBe(refusal.status);
  expect(refusal.schema.safeParse(answer.body).success, label).toBe(true);
  if (refusal.echoes) expect(answer.body[refusal.echoes], label).toBe(call.refused.echoed);
  counts.refused += 1;
  return answer.body;
}

describe("a sweep of OCTO calls", () => {
  it(
    "parses every 2xx with OCTO's schemas and names every refusal as OCTO does, over 200+ calls",
    async () => {
      // Reads: the supplier, the products one by one, their availability, with and without prices.
      for (const pricing of [false, true]) await send({ path: "/supplier", pricing });
      const products = (await send({ path: "/products", pricing: true })) as {
        id: string;
        timeZone: string;
        options: { id: string; units: { id: string }[] }[];
      }[];
      await send({ path: "/products" });
      expect(products.length).toBeGreaterThanOrEqual(5);
      const today = DateTime.now().setZone(acme.timezone);
      const localDateStart = today.toISODate()!;
      const localDateEnd = today.plus({ days: 13 }).toISODate()!;
      for (const product of products) {
        for (const pricing of [false, true]) await send({ path: `/products/${product.id}`, pricing });
        for (const option of product.options) {
          const dates = { productId: product.id, optionId: option.id, localDateStart, localDateEnd };
          await send({ path: "/availability/calendar", body: dates, pricing: true });
          await send({
            path: "/availability/calendar",
            body: { ...dates, units: [{ id: option.units[0].id, quantity: 2 }] },
          });
          await send({ path: "/availability", body: dates, pricing: true });
          await send({ path: "/availability", body: { ...dates, units: [{ id: option.units[0].id, quantity: 1 }] } });
        }
      }

      // Whole lifecycles on a departure of our own: reserve, read, extend, change, confirm, list, cancel.
      const slot = await createSlot(db(), acme.serviceId, { capacity: 200 });
      const availabilityId = octoAvailabilityId(slot.startsAt, acme.timezone);
      await send({
        path: "/availability",
        body: { productId: acme.experienceId, optionId: acme.serviceId, availabilityIds: [availabilityId] },
        pricing: true,
      });
      const day = DateTime.fromJSDate(slot.startsAt, { zone: acme.timezone }).toISODate()!;
      for (let round = 0; round < 16; round++) {
        const uuid = randomUUID();
        const pricing = round % 2 === 0;
        const reservation = {
          uuid,
          productId: acme.experienceId,
          optionId: acme.serviceId,
          availabilityId,
          unitItems: Array.from({ length: 1 + (round % 3) }, () => ({ unitId: acme.adult.id })),
          ...(round % 4 === 0 ? { expirationMinutes: 10 } : {}),
        };
        await send({ path: "/bookings", body: reservation, pricing });
        await send({ path: "/bookings", body: reservation, pricing });
        await send({ path: `/bookings/${uuid}`, pricing });
        await send({ path: `/bookings/${uuid}/extend`, body: { expirationMinutes: 30 }, pricing });
        await send({ path: `/bookings/${uuid}`, method: "PATCH", body: { notes: `Round ${round}` }, pricing });
        const reference = `SWEEP-${round}-${uuid.slice(0, 6)}`;
        const confirmed = (await send({
          path: `/bookings/${uuid}/confirm`,
          body: {
            resellerReference: reference,
            contact: { fullName: "Grace Hopper", emailAddress: `guest${round}@traveller.example`, locales: ["en"] },
          },
          pricing,
        })) as { supplierReference: string };
        await send({ path: `/bookings?resellerReference=${reference}` });
        await send({ path: `/bookings?supplierReference=${confirmed.supplierReference}` });
        // Confirming again is answered with the booking as it stands (the call is idempotent).
        await send({ path: `/bookings/${uuid}/confirm`, body: {} });
        await send({ path: `/bookings/${uuid}/extend`, body: {}, refused: { error: "UNPROCESSABLE_ENTITY" } });
        if (round % 2 === 0) {
          await send({ path: `/bookings/${uuid}/cancel`, body: { reason: "Guest changed plans" }, pricing });
          await send({ path: `/bookings/${uuid}/cancel`, body: {} });
        }
      }
      await send({ path: `/bookings?localDate=${day}` });
      await send({ path: `/bookings?localDateStart=${day}&localDateEnd=${day}` });

      // Refusals: unknown and other operators' ids, echoed; bodies OCTO cannot take; no key or a bad one.
      const noSuch = randomUUID();
      const held = { productId: acme.experienceId, optionId: acme.serviceId, availabilityId };
      for (const productId of [noSuch, harbor.experienceId, "x", "0".repeat(200)]) {
        const refused = { error: "INVALID_PRODUCT_ID", echoed: productId };
        await send({ path: `/products/${encodeURIComponent(productId)}`, refused });
        await send({ path: "/availability", body: { ...held, productId, localDateStart, localDateEnd }, refused });
        await send({
          path: "/availability/calendar",
          body: { ...held, productId, localDateStart, localDateEnd },
          refused,
        });
        await send({
          path: "/bookings",
          body: { ...held, productId, unitItems: [{ unitId: acme.adult.id }] },
          refused,
        });
      }
      for (const optionId of [noSuch, harbor.serviceId, "DEFAULT"]) {
        const refused = { error: "INVALID_OPTION_ID", echoed: optionId };
        await send({ path: "/availability", body: { ...held, optionId, localDateStart, localDateEnd }, refused });
        await send({ path: "/bookings", body: { ...held, optionId, unitItems: [{ unitId: acme.adult.id }] }, refused });
      }
      for (const unitId of [noSuch, harbor.adult.id, "adult"]) {
        const refused = { error: "INVALID_UNIT_ID", echoed: unitId };
        await send({ path: "/bookings", body: { ...held, unitItems: [{ unitId }] }, refused });
        await send({
          path: "/availability/calendar",
          body: { ...held, localDateStart, localDateEnd, units: [{ id: unitId, quantity: 1 }] },
          refused,
        });
      }
      for (const id of ["2031-01-01T09:00:00+00:00", "not-a-time", `${day}T03:17:00Z`]) {
        const refused = { error: "INVALID_AVAILABILITY_ID", echoed: id };
        await send({
          path: "/bookings",
          body: { ...held, availabilityId: id, unitItems: [{ unitId: acme.adult.id }] },
          refused,
        });
      }
      for (const uuid of [noSuch, "not-a-uuid"]) {
        const refused = { error: "INVALID_BOOKING_UUID", echoed: uuid };
        await send({ path: `/bookings/${uuid}`, refused });
        await send({ path: `/bookings/${uuid}`, method: "PATCH", body: { notes: "x" }, refused });
        for (const step of ["confirm", "extend", "cancel"]) {
          await send({ path: `/bookings/${uuid}/${step}`, body: {}, refused });
        }
      }
      const badBodies: unknown[] = [
        {},
        [],
        "text",
        { ...held },
        { ...held, unitItems: "many" },
        { ...held, unitItems: [] },
        { ...held, unitItems: [{ unitId: acme.adult.id }], uuid: 7 },
        { ...held, unitItems: [{ unitId: acme.adult.id }], expirationMinutes: -5 },
      ];
      for (const body of badBodies) {
        const answer = await octo(reseller.key, "/bookings", { body });
        counts.calls += 1;
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        expect(Object.keys(REFUSALS)).toContain(answer.body.error);
        expect(zBaseError.safeParse(answer.body).success).toBe(true);
        counts.refused += 1;
      }
      for (const body of [{}, { productId: acme.experienceId }, { ...held, localDateStart: "tomorrow" }]) {
        await send({ path: "/availability", body, refused: { error: "BAD_REQUEST" } });
        await send({ path: "/availability/calendar", body, refused: { error: "BAD_REQUEST" } });
      }
      for (const key of ["", "wrong", `${reseller.key}x`]) {
        await send({ key, path: "/products", refused: { error: "UNAUTHORIZED" } });
        await send({ key, path: "/bookings", body: { ...held, unitItems: [] }, refused: { error: "UNAUTHORIZED" } });
      }

      console.log(JSON.stringify({ octoSweep: counts }));
      expect(counts.calls).toBeGreaterThanOrEqual(200);
      expect(counts.succeeded).toBeGreaterThanOrEqual(150);
      expect(counts.refused).toBeGreaterThanOrEqual(50);
    },
    stretched(240_000),
  );
});
