/**
 * OCTO products (issue 47): an operator's published experience → product, its services → options
 * (a service sold only private is not offered), their ticket types → units. A reseller sees only
 * its own operator's experiences, and only those it may sell; any other id is INVALID_PRODUCT_ID.
 */
import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { MAX_SEATS } from "~contract/bookings/limits";
import { minorUnitDigits } from "~contract/money";
import type { OctoPricing, OctoProduct, OctoUnitType } from "~contract/octo/outputs";
import type { Db } from "../db/client";
import {
  experiences,
  resellerExperiences,
  scheduleRules,
  services,
  slots,
  ticketTypes,
  type AccountRow,
  type ResellerRow,
} from "../db/schema";
import { isPublished } from "../catalog/fragments";
import { unitNetMinor } from "../resellers/commission";
import type { OctoCaller } from "./register";
import { invalidProductId } from "./errors";

/** A ticket type's code → OCTO's unit type (by its code's first word: "adult", "child_under_12"…). */
const UNIT_TYPES: Record<string, OctoUnitType> = {
  adult: "ADULT",
  adults: "ADULT",
  youth: "YOUTH",
  teen: "YOUTH",
  child: "CHILD",
  children: "CHILD",
  kid: "CHILD",
  infant: "INFANT",
  baby: "INFANT",
  family: "FAMILY",
  senior: "SENIOR",
  student: "STUDENT",
  military: "MILITARY",
};
export const unitTypeOf = (code: string): OctoUnitType => UNIT_TYPES[code.split("_")[0]] ?? "OTHER";

/** What the reseller's operator sells it: its published experiences, all or those listed for it. */
export function sellable(reseller: ResellerRow, account: AccountRow) {
  return and(
    eq(experiences.accountId, account.id),
    isPublished(),
    reseller.allExperiences
      ? undefined
      : sql`exists (select 1 from ${resellerExperiences} where ${resellerExperiences.resellerId} = ${reseller.id} and ${resellerExperiences.experienceId} = ${experiences.id})`,
  );
}

/** A price in OCTO's terms: `net`, what the reseller owes of it (api/resellers/commission.ts). */
export function pricingOf(retail: number, currency: string, net: number): OctoPricing {
  return {
    original: retail,
    retail,
    net,
    currency,
    currencyPrecision: minorUnitDigits(currency),
    includedTaxes: [],
  };
}

/** HH:MM of an instant in a zone. */
const localTime = (at: Date, zone: string) => DateTime.fromJSDate(at, { zone }).toFormat("HH:mm");

/** The products this caller may sell (one when `productId` is given: INVALID_PRODUCT_ID when it is not one of them). */
export async function octoProducts(caller: OctoCaller, productId?: string): Promise<OctoProduct[]> {
  const { db, reseller, account } = caller;
  const rows = await db
    .select({
      id: experiences.id,
      title: experiences.title,
      timezone: experiences.timezone,
      languages: experiences.languages,
    })
    .from(experiences)
    .where(and(sellable(reseller, account), productId === undefined ? undefined : eq(experiences.id, productId)))
    .orderBy(asc(experiences.title), asc(experiences.id));
  if (productId !== undefined && rows.length === 0) throw invalidProductId(productId);
  const [options, terms] = await Promise.all([
    optionsOf(
      db,
      rows.map((row) => row.id),
    ),
    caller.pricing ? caller.terms() : null,
  ]);
  const products = rows.map((row): OctoProduct => ({
    id: row.id,
    internalName: row.title,
    reference: row.id,
    locale: row.languages[0] ?? "en",
    timeZone: row.timezone,
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: "START_TIME",
    deliveryFormats: ["QRCODE"],
    deliveryMethods: ["TICKET", "VOUCHER"],
    redemptionMethod: "DIGITAL",
    options: (options.get(row.id) ?? []).map((option, index) => ({
      id: option.id,
      default: index === 0,
      internalName: option.name,
      reference: option.id,
      availabilityLocalStartTimes: startTimesOf(option, row.timezone),
      cancellationCutoff: `${account.cancellationCutoffHours} hours`,
      cancellationCutoffAmount: account.cancellationCutoffHours,
      cancellationCutoffUnit: "hour",
      requiredContactFields: [],
      restrictions: { minUnits: 1, maxUnits: Math.min(option.capacity, MAX_SEATS) },
      units: option.units.map((unit) => ({
        id: unit.id,
        internalName: unit.name,
        reference: unit.code,
        type: unitTypeOf(unit.code),
        restrictions: {
          minAge: 0,
          maxAge: 100,
          idRequired: false,
          minQuantity: null,
          maxQuantity: null,
          paxCount: 1,
          accompaniedBy: [],
        },
        requiredContactFields: [],
        ...(terms
          ? {
              pricingFrom: [
                pricingOf(unit.priceMinor, account.currency, unitNetMinor(terms, unit.id, unit.priceMinor)),
              ],
            }
          : {}),
      })),
    })),
    ...(caller.pricing
      ? { defaultCurrency: account.currency, availableCurrencies: [account.currency], pricingPer: "UNIT" as const }
      : {}),
  }));
  // A product with nothing to sell (no service with a price) is no product.
  const offered = products.filter((product) => product.options.length > 0);
  if (productId !== undefined && offered.length === 0) throw invalidProductId(productId);
  return offered;
}

interface OptionRow {
  id: string;
  name: string;
  capacity: number;
  ruleTimes: string[];
  departures: Date[];
  units: Array<{ id: string; code: string; name: string; priceMinor: number }>;
}

/** OCTO wants at least one start time: the weekly rules' and the coming departures' local times. */
function startTimesOf(option: OptionRow, zone: string): string[] {
  const times = new Set([...option.ruleTimes, ...option.departures.map((at) => localTime(at, zone))]);
  return times.size > 0 ? [...times].sort() : ["00:00"];
}

/** Per experience, its services on sale to the public that have a price, in their order, with their ticket types. */
async function optionsOf(db: Db, experienceIds: string[]): Promise<Map<string, OptionRow[]>> {
  const byExperience = new Map<string, OptionRow[]>();
  if (experienceIds.length === 0) return byExperience;
  const rows = await db
    .select({
      experienceId: services.experienceId,
      id: services.id,
      name: services.name,
      capacity: services.capacity,
    })
    .from(services)
    .where(and(inArray(services.experienceId, experienceIds), ne(services.privateSale, "only")))
    .orderBy(asc(services.sortOrder), asc(services.id));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return byExperience;
  const [units, rules, departures] = await Promise.all([
    db
      .select()
      .from(ticketTypes)
      .where(inArray(ticketTypes.serviceId, ids))
      .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id)),
    db
      .select({ serviceId: scheduleRules.serviceId, startTimes: scheduleRules.startTimes })
      .from(scheduleRules)
      .where(inArray(scheduleRules.serviceId, ids)),
    db
      .select({ serviceId: slots.serviceId, startsAt: slots.startsAt })
      .from(slots)
      .where(
        and(
          inArray(slots.serviceId, ids),
          or(eq(slots.status, "open"), eq(slots.status, "closed")),
          sql`${slots.startsAt} > app_now() and ${slots.startsAt} < app_now() + interval '62 days'`,
        ),
      ),
  ]);
  for (const row of rows) {
    const own = units.filter((unit) => unit.serviceId === row.id);
    if (own.length === 0) continue;
    const list = byExperience.get(row.experienceId) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      capacity: row.capacity,
      ruleTimes: rules.filter((rule) => rule.serviceId === row.id).flatMap((rule) => rule.startTimes),
      departures: departures.filter((slot) => slot.serviceId === row.id).map((slot) => slot.startsAt),
      units: own.map(({ id, code, name, priceMinor }) => ({ id, code, name, priceMinor })),
    });
    byExperience.set(row.experienceId, list);
  }
  return byExperience;
}
