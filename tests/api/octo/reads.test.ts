import "../../support/env";
import {
  zAvailability,
  zAvailabilityCalendar,
  zErrorInvalidOptionId,
  zErrorInvalidProductId,
  zErrorInvalidUnitId,
  zProduct,
  zSupplier,
} from "@octocloud/types";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { experiences, slots } from "~api/db/schema";
import { app } from "~api/app";
import { OCTO_KEY_LIMIT } from "~api/octo/register";
import { bookingWorld, createSlot, findService, type TestService } from "../../support/booking";
import { api } from "../../support/api";
import { octo, resellerWithKey, type TestReseller } from "../../support/octo";

const { db, acme } = bookingWorld();
let reseller: TestReseller;
let harbor: TestService;

beforeAll(async () => {
  reseller = await resellerWithKey(db());
  harbor = await findService(db(), "harbor");
});

/** The local date of a departure in acme's experience's zone. */
const localDay = (at: Date, zone: string) => DateTime.fromJSDate(at, { zone }).toISODate()!;
const zoneOf = async (experienceId: string) =>
  (await db().select({ zone: experiences.timezone }).from(experiences).where(eq(experiences.id, experienceId)))[0].zone;

/** POST /octo/availability for acme's service on the departure's local day. */
async function availabilityOn(at: Date, extra: Record<string, unknown> = {}, pricing = false) {
  const zone = await zoneOf(acme.experienceId);
  const day = localDay(at, zone);
  const answer = await octo(reseller.key, "/availability", {
    body: { productId: acme.experienceId, optionId: acme.serviceId, localDateStart: day, localDateEnd: day, ...extra },
    pricing,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  for (const line of answer.body) zAvailability.parse(line);
  return answer.body as Array<Record<string, unknown>>;
}

describe("OCTO: the supplier and its products", () => {
  it("answers the supplier and the operator's products in OCTO's shapes", async () => {
    const supplier = await octo(reseller.key, "/supplier");
    expect(supplier.status).toBe(200);
    expect(zSupplier.parse(supplier.body)).toMatchObject({ id: acme.accountId, endpoint: "http://localhost/octo" });

    const products = await octo(reseller.key, "/products");
    expect(products.status).toBe(200);
    expect(products.body.length).toBeGreaterThan(0);
    for (const product of products.body) zProduct.parse(product);
    const own = await db()
      .select({ id: experiences.id })
      .from(experiences)
      .where(eq(experiences.accountId, acme.accountId));
    const ids = new Set(own.map((row) => row.id));
    expect(products.body.every((product: { id: string }) => ids.has(product.id))).toBe(true);

    const one = await octo(reseller.key, `/products/${acme.experienceId}`);
    const product = zProduct.parse(one.body);
    expect(product).toMatchObject({
      id: acme.experienceId,
      internalName: acme.experienceTitle,
      timeZone: await zoneOf(acme.experienceId),
      availabilityType: "START_TIME",
      allowFreesale: false,
      availabilityRequired: true,
      deliveryFormats: ["QRCODE"],
      deliveryMethods: ["TICKET", "VOUCHER"],
    });
    const option = product.options.find((candidate) => candidate.id === acme.serviceId)!;
    const adult = option.units.find((unit) => unit.id === acme.adult.id)!;
    expect(adult.type).toBe("ADULT");
    expect(adult.pricingFrom).toBeUndefined();
    if (acme.child) expect(option.units.find((unit) => unit.id === acme.child!.id)!.type).toBe("CHILD");
  });

  it("adds prices in minor units with octo/pricing: retail, and net after the reseller's commission", async () => {
    const one = await octo(reseller.key, `/products/${acme.experienceId}`, { pricing: true });
    expect(one.headers.get("Octo-Capabilities")).toBe("octo/pricing");
    const product = zProduct.parse(one.body);
    expect(product.defaultCurrency).toBe(acme.currency);
    const adult = product.options.flatMap((option) => option.units).find((unit) => unit.id === acme.adult.id)!;
    expect(adult.pricingFrom).toEqual([
      {
        original: acme.adult.priceMinor,
        retail: acme.adult.priceMinor,
        net: Math.round(acme.adult.priceMinor * 0.8),
        currency: acme.currency,
        currencyPrecision: 2,
        includedTaxes: [],
      },
    ]);
  });

  it("another operator's product is INVALID_PRODUCT_ID, never its data; so is one the reseller may not sell", async () => {
    const answer = await octo(reseller.key, `/products/${harbor.experienceId}`);
    expect(answer.status).toBe(400);
    expect(zErrorInvalidProductId.parse(answer.body)).toEqual({
      error: "INVALID_PRODUCT_ID",
      errorMessage: expect.any(String),
      productId: harbor.experienceId,
    });
    const calendar = await octo(reseller.key, "/availability/calendar", {
      body: {
        productId: harbor.experienceId,
        optionId: harbor.serviceId,
        localDateStart: "2030-01-01",
        localDateEnd: "2030-01-02",
      },
    });
    expect(calendar.body).toMatchObject({ error: "INVALID_PRODUCT_ID", productId: harbor.experienceId });

    const narrow = await resellerWithKey(db(), "acme", { experienceIds: [acme.experienceId] });
    const listed = await octo(narrow.key, "/products");
    expect(listed.body.map((product: { id: string }) => product.id)).toEqual([acme.experienceId]);
    const other = (await octo(reseller.key, "/products")).body.find(
      (product: { id: string }) => product.id !== acme.experienceId,
    );
    if (other) expect((await octo(narrow.key, `/products/${other.id}`)).body.error).toBe("INVALID_PRODUCT_ID");
  });
});

describe("OCTO: availability from the storefront's seat counter", () => {
  it("a departure's status, vacancies and cut-off: AVAILABLE, LIMITED, SOLD_OUT, CLOSED, and SOLD_OUT while a private booking holds it", async () => {
    const open = await createSlot(db(), acme.serviceId, { capacity: 12, seatsLeft: 9, startsInHours: 24 * 20 });
    const few = await createSlot(db(), acme.serviceId, { capacity: 12, seatsLeft: 3, startsInHours: 24 * 20 + 2 });
    const full = await createSlot(db(), acme.serviceId, { capacity: 12, seatsLeft: 0, startsInHours: 24 * 20 + 4 });
    const closed = await createSlot(db(), acme.serviceId, { capacity: 12, seatsLeft: 12, startsInHours: 24 * 20 + 6 });
    const held = await createSlot(db(), acme.serviceId, { capacity: 12, seatsLeft: 12, startsInHours: 24 * 20 + 8 });
    await db().update(slots).set({ status: "closed" }).where(eq(slots.id, closed.id));
    await db().update(slots).set({ privateBookingId: "bk_private_test" }).where(eq(slots.id, held.id));
    const zone = await zoneOf(acme.experienceId);
    const local = (at: Date) => DateTime.fromJSDate(at, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ");

    const lines = [];
    for (const slot of [open, few, full, closed, held]) {
      const day = await availabilityOn(slot.startsAt);
      lines.push(day.find((line) => line.id === local(slot.startsAt)));
    }
    expect(lines.map((line) => [line?.status, line?.available, line?.vacancies])).toEqual([
      ["AVAILABLE", true, 9],
      ["LIMITED", true, 3],
      ["SOLD_OUT", false, 0],
      ["CLOSED", false, 0],
      ["SOLD_OUT", false, 0],
    ]);
    expect(lines[0]).toMatchObject({
      localDateTimeStart: local(open.startsAt),
      localDateTimeEnd: local(open.endsAt),
      allDay: false,
      capacity: 12,
      maxUnits: 9,
      openingHours: [],
      utcCutoffAt: open.startsAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
    });

    // The storefront's availability says the same of the same departures.
    const storefront = await api(
      `/v1/experiences/${acme.experienceId}/services/${acme.serviceId}/availability?from=${localDay(open.startsAt, zone)}&to=${localDay(held.startsAt, zone)}`,
    );
    const seats = new Map(
      storefront.body.data.days.flatMap((d: { slots: Array<{ id: string; seatsLeft: number }> }) =>
        d.slots.map((s) => [s.id, s.seatsLeft]),
      ),
    );
    expect([open, few, full, held].map((slot) => seats.get(slot.id))).toEqual([9, 3, 0, 0]);

    // By id, and with units asked for: 4 adults fit 9 seats, not 3.
    const byId = await octo(reseller.key, "/availability", {
      body: {
        productId: acme.experienceId,
        optionId: acme.serviceId,
        availabilityIds: [local(open.startsAt), local(few.startsAt), "2020-01-01T09:00:00+00:00"],
        units: [{ id: acme.adult.id, quantity: 4 }],
      },
      pricing: true,
    });
    expect(byId.status).toBe(200);
    for (const line of byId.body) zAvailability.parse(line);
    expect(byId.body.map((line: { id: string; available: boolean }) => [line.id, line.available])).toEqual([
      [local(open.startsAt), true],
      [local(few.startsAt), false],
    ]);
    expect(byId.body[0].pricing).toMatchObject({ retail: 4 * acme.adult.priceMinor, currency: acme.currency });
  });

  it("the calendar: every local day asked, with the day's vacancies; a day without departures CLOSED", async () => {
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10, seatsLeft: 7, startsInHours: 24 * 45 });
    const zone = await zoneOf(acme.experienceId);
    const day = localDay(slot.startsAt, zone);
    const answer = await octo(reseller.key, "/availability/calendar", {
      body: { productId: acme.experienceId, optionId: acme.serviceId, localDateStart: day, localDateEnd: day },
      pricing: true,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    for (const line of answer.body) zAvailabilityCalendar.parse(line);
    expect(answer.body).toHaveLength(1);
    const [only] = answer.body;
    expect(only.localDate).toBe(day);
    expect(only.vacancies).toBeGreaterThanOrEqual(7);
    expect(only.available).toBe(true);
    expect(only.unitPricingFrom.map((price: { unitId: string }) => price.unitId)).toContain(acme.adult.id);

    const far = await octo(reseller.key, "/availability/calendar", {
      body: {
        productId: acme.experienceId,
        optionId: acme.serviceId,
        localDateStart: "2099-01-01",
        localDateEnd: "2099-01-03",
      },
    });
    expect(far.body.map((line: { status: string }) => line.status)).toEqual(["CLOSED", "CLOSED", "CLOSED"]);
  });
});

describe("OCTO: refusals in OCTO's terms", () => {
  const body = () => ({
    productId: acme.experienceId,
    optionId: acme.serviceId,
    localDateStart: "2030-01-01",
    localDateEnd: "2030-01-02",
  });

  it("INVALID_OPTION_ID and INVALID_UNIT_ID echo the id; a body that does not parse is BAD_REQUEST; nothing is a 500", async () => {
    const option = await octo(reseller.key, "/availability", { body: { ...body(), optionId: harbor.serviceId } });
    expect(option.status).toBe(400);
    expect(zErrorInvalidOptionId.parse(option.body)).toMatchObject({
      error: "INVALID_OPTION_ID",
      optionId: harbor.serviceId,
    });
    const unit = await octo(reseller.key, "/availability/calendar", {
      body: { ...body(), units: [{ id: "tt_nope", quantity: 1 }] },
    });
    expect(zErrorInvalidUnitId.parse(unit.body)).toMatchObject({ error: "INVALID_UNIT_ID", unitId: "tt_nope" });

    for (const bad of [
      { productId: acme.experienceId },
      { ...body(), localDateStart: "2030-02-30" },
      { ...body(), localDateEnd: "2029-12-01" },
      { ...body(), localDateStart: "2030-01-01", localDateEnd: "2030-06-01" },
      { ...body(), units: [{ id: acme.adult.id, quantity: -1 }] },
      "not an object",
    ]) {
      const answer = await octo(reseller.key, "/availability/calendar", { body: bad });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.error).toBe("BAD_REQUEST");
    }
    const notJson = await octo(reseller.key, "/availability", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: undefined,
    });
    expect(notJson.body).toMatchObject({ error: "BAD_REQUEST" });
    const { localDateStart: _s, localDateEnd: _e, ...noDates } = body();
    expect((await octo(reseller.key, "/availability", { body: noDates })).body.error).toBe("BAD_REQUEST");
    const unknownPath = await octo(reseller.key, "/bookingz");
    expect(unknownPath).toMatchObject({ status: 404, body: { error: "NOT_FOUND" } });
  });

  it("no key, a malformed or unknown key: 401 UNAUTHORIZED", async () => {
    const variants: Array<Record<string, string>> = [
      {},
      { Authorization: "Basic abc" },
      { Authorization: "Bearer wf_octo_unknown" },
    ];
    for (const headers of variants) {
      const answer = await octo(undefined, "/products", { headers });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: "UNAUTHORIZED", errorMessage: expect.any(String) });
    }
  });

  it("a suspended operator's key: 403 FORBIDDEN", async () => {
    const harborReseller = await resellerWithKey(db(), "harbor");
    const admin = await import("~api/db/schema");
    await db()
      .update(admin.accounts)
      .set({ status: "suspended", suspendedAt: new Date(), suspensionReason: "test" })
      .where(eq(admin.accounts.id, harbor.accountId));
    const answer = await octo(harborReseller.key, "/products");
    await db()
      .update(admin.accounts)
      .set({ status: "active", suspendedAt: null, suspensionReason: null })
      .where(eq(admin.accounts.id, harbor.accountId));
    expect(answer).toMatchObject({ status: 403, body: { error: "FORBIDDEN" } });
  });

  it("a key's calls past its limit: 429 with Retry-After", async () => {
    const key = "wf_octo_rate_limited_key";
    let last = await octo(key, "/supplier");
    for (let i = 1; i < OCTO_KEY_LIMIT.limit; i++) last = await octo(key, "/supplier");
    expect(last.status).toBe(401);
    const refused = await octo(key, "/supplier");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.body.error).toBe("TOO_MANY_REQUESTS");
  });
});

describe("OCTO in the API's reference", () => {
  it("lists the OCTO paths under their tag and the reseller endpoints by operationId", async () => {
    const doc = { body: await (await app.fetch(new Request("http://localhost/v1/openapi.json"))).json() };
    const paths = doc.body.paths as Record<string, Record<string, { operationId: string; tags: string[] }>>;
    expect(paths["/octo/products/{productId}"].get).toMatchObject({ operationId: "octoGetProduct", tags: ["OCTO"] });
    expect(paths["/octo/availability/calendar"].post.tags).toEqual(["OCTO"]);
    expect(paths["/octo/availability"].post.operationId).toBe("octoAvailability");
    expect(paths["/octo/supplier"].get.operationId).toBe("octoGetSupplier");
    const operations = Object.values(paths).flatMap((methods) =>
      Object.values(methods).map((entry) => entry.operationId),
    );
    for (const name of [
      "operatorCreateReseller",
      "operatorListResellers",
      "operatorCreateResellerKey",
      "operatorRevokeResellerKey",
    ])
      expect(operations).toContain(name);
    expect(doc.body.tags).toContainEqual({ name: "OCTO" });
  });
});
