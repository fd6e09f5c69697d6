/**
 * OCTO availability (issue 47): an option's departures read with the storefront's own seat count
 * (api/bookings/seats.ts: seatsLeftSql, onSaleSql), so every channel sees the same seats. A
 * departure's OCTO id is its local start with the zone's offset ("2026-12-01T09:00:00-05:00"):
 * stable, and unique per option (one departure of a service per start).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { FEW_SEATS, MAX_SEATS, MAX_WINDOW_DAYS } from "~contract/bookings/limits";
import type { OctoAvailabilityBody, OctoCalendarBody } from "~contract/octo/endpoints";
import type { OctoAvailability, OctoAvailabilityStatus, OctoCalendarDay, OctoProduct } from "~contract/octo/outputs";
import { services, slots } from "../db/schema";
import { onSaleSql, seatsLeftSql } from "../bookings/seats";
import { badRequest, invalidOptionId, invalidUnitId } from "./errors";
import { octoProducts, pricingOf } from "./products";
import type { OctoCaller } from "./register";

type Option = OctoProduct["options"][number];
type Asked = { productId: string; optionId: string; units?: Array<{ id: string; quantity: number }> };

export interface Departure {
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  seatsLeft: number;
  onSale: boolean;
  cutoffMinutes: number;
}

/** A departure's columns (of slots joined to their service): what an availability answer reads. */
export const departureColumns = {
  startsAt: slots.startsAt,
  endsAt: slots.endsAt,
  capacity: slots.capacity,
  seatsLeft: seatsLeftSql(),
  onSale: onSaleSql,
  cutoffMinutes: services.salesCutoffMinutes,
};

/** An instant as OCTO writes UTC times: to the second, with Z (its validator refuses milliseconds). */
export const octoUtc = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, "Z");

/** An instant as OCTO writes local times: in the product's zone, with its offset, to the second. */
export const octoLocal = (at: Date, zone: string) =>
  DateTime.fromJSDate(at, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ");

/** The product and option asked for, and the units asked checked against the option's. */
export async function optionAsked(caller: OctoCaller, body: Asked): Promise<{ product: OctoProduct; option: Option }> {
  const [product] = await octoProducts(caller, body.productId);
  const option = product.options.find((candidate) => candidate.id === body.optionId);
  if (!option) throw invalidOptionId(body.optionId);
  for (const unit of body.units ?? [])
    if (!option.units.some((candidate) => candidate.id === unit.id)) throw invalidUnitId(unit.id);
  return { product, option };
}

/** The instants that bound local days `from` to `to` (both included) in `zone`; a longer span than MAX_WINDOW_DAYS is BAD_REQUEST. */
function window(from: string, to: string, zone: string): { start: Date; end: Date; days: string[] } {
  const first = DateTime.fromISO(from, { zone }).startOf("day");
  const last = DateTime.fromISO(to, { zone }).startOf("day");
  const span = Math.round(last.diff(first, "days").days);
  if (span < 0) throw badRequest("localDateEnd must not be before localDateStart.");
  if (span >= MAX_WINDOW_DAYS) throw badRequest(`Ask for at most ${MAX_WINDOW_DAYS} days at once.`);
  const days = Array.from({ length: span + 1 }, (_, index) => first.plus({ days: index }).toISODate()!);
  return { start: first.toJSDate(), end: last.plus({ days: 1 }).toJSDate(), days };
}

/** The option's departures that have not started (cancelled ones left out), in order: by a window or by their starts. */
async function departuresOf(
  caller: OctoCaller,
  optionId: string,
  where: { start: Date; end: Date } | { starts: Date[] },
): Promise<Departure[]> {
  const rows = await caller.db
    .select(departureColumns)
    .from(slots)
    .innerJoin(services, eq(services.id, slots.serviceId))
    .where(
      and(
        eq(slots.serviceId, optionId),
        sql`${slots.status} <> 'cancelled' and ${slots.startsAt} > app_now()`,
        "starts" in where
          ? inArray(slots.startsAt, where.starts)
          : sql`${slots.startsAt} >= ${where.start.toISOString()}::timestamptz and ${slots.startsAt} < ${where.end.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(slots.startsAt));
  return rows.map((row) => ({ ...row, seatsLeft: Number(row.seatsLeft) }));
}

const unitsWanted = (body: Asked) => (body.units ?? []).reduce((sum, unit) => sum + unit.quantity, 0);

/** A departure's OCTO status: closed (by the operator or its cut-off), sold out, few seats left, or open. */
function statusOf(departure: Departure, wanted: number): { status: OctoAvailabilityStatus; available: boolean } {
  if (!departure.onSale) return { status: "CLOSED", available: false };
  if (departure.seatsLeft === 0 || departure.seatsLeft < wanted) return { status: "SOLD_OUT", available: false };
  return { status: departure.seatsLeft <= FEW_SEATS ? "LIMITED" : "AVAILABLE", available: true };
}

/** Each unit's price as the product gives it (read with `octo/pricing`: its net is the reseller's). */
function unitPricing(caller: OctoCaller, option: Option) {
  return option.units.map((unit) => ({
    ...(unit.pricingFrom?.[0] ?? pricingOf(0, caller.account.currency, 0)),
    unitId: unit.id,
  }));
}

/** POST /octo/availability */
export async function octoAvailability(caller: OctoCaller, body: OctoAvailabilityBody): Promise<OctoAvailability[]> {
  const { product, option } = await optionAsked(caller, body);
  const zone = product.timeZone;
  const departures = body.availabilityIds
    ? await departuresOf(caller, option.id, {
        starts: body.availabilityIds.flatMap((id) => {
          const at = instantOfAvailabilityId(id);
          return at ? [at] : [];
        }),
      })
    : await departuresOf(
        caller,
        option.id,
        window(body.localDateStart ?? body.localDate!, body.localDateEnd ?? body.localDate!, zone),
      );
  const wanted = unitsWanted(body);
  const prices = caller.pricing ? unitPricing(caller, option) : undefined;
  return departures.map((departure) => ({
    ...availabilityOf(departure, zone, wanted),
    ...(prices ? { unitPricing: prices } : {}),
    ...(prices && wanted > 0 ? { pricing: totalOf(caller, prices, body) } : {}),
  }));
}

/** A departure in OCTO's terms (its id: its local start with the zone's offset), for `wanted` units. */
export function availabilityOf(departure: Departure, zone: string, wanted = 0): OctoAvailability {
  const start = octoLocal(departure.startsAt, zone);
  const { status, available } = statusOf(departure, wanted);
  const vacancies = departure.onSale ? departure.seatsLeft : 0;
  return {
    id: start,
    localDateTimeStart: start,
    localDateTimeEnd: octoLocal(departure.endsAt, zone),
    allDay: false,
    available,
    status,
    vacancies,
    capacity: departure.capacity,
    // A booking takes at most MAX_SEATS (the storefront's bound, and the reservation's).
    maxUnits: Math.min(vacancies, MAX_SEATS),
    utcCutoffAt: octoUtc(new Date(departure.startsAt.getTime() - departure.cutoffMinutes * 60_000)),
    openingHours: [],
  };
}

/** An OCTO availability id as the instant it names (null: not one: a local time with its offset). */
export function instantOfAvailabilityId(id: string): Date | null {
  const at = DateTime.fromISO(id, { setZone: true });
  return at.isValid && /[+-]\d{2}:\d{2}$|Z$/.test(id) ? at.toJSDate() : null;
}

/** The price of the units asked for, in all. */
function totalOf(caller: OctoCaller, prices: ReturnType<typeof unitPricing>, body: Asked) {
  const sum = (pick: (price: (typeof prices)[number]) => number) =>
    (body.units ?? []).reduce(
      (total, unit) => total + unit.quantity * pick(prices.find((price) => price.unitId === unit.id)!),
      0,
    );
  return pricingOf(
    sum((price) => price.retail),
    caller.account.currency,
    sum((price) => price.net ?? 0),
  );
}

/** POST /octo/availability/calendar: every local day asked, a day without departures CLOSED. */
export async function octoCalendar(caller: OctoCaller, body: OctoCalendarBody): Promise<OctoCalendarDay[]> {
  const { product, option } = await optionAsked(caller, body);
  const zone = product.timeZone;
  const range = window(body.localDateStart, body.localDateEnd, zone);
  const departures = await departuresOf(caller, option.id, range);
  const wanted = unitsWanted(body);
  const prices = caller.pricing ? unitPricing(caller, option) : undefined;
  return range.days.map((day) => {
    const ofDay = departures.filter((departure) => octoLocal(departure.startsAt, zone).startsWith(day));
    const judged = ofDay.map((departure) => ({ departure, ...statusOf(departure, wanted) }));
    const open = judged.filter((line) => line.available);
    const vacancies = open.reduce((sum, line) => sum + line.departure.seatsLeft, 0);
    const status: OctoAvailabilityStatus =
      open.length > 0
        ? vacancies <= FEW_SEATS
          ? "LIMITED"
          : "AVAILABLE"
        : judged.some((line) => line.status === "SOLD_OUT")
          ? "SOLD_OUT"
          : "CLOSED";
    return {
      localDate: day,
      available: open.length > 0,
      status,
      vacancies,
      capacity: ofDay.reduce((sum, departure) => sum + departure.capacity, 0),
      openingHours: [],
      ...(prices ? { unitPricingFrom: prices } : {}),
    };
  });
}
