/**
 * A service's ticket types and prices, set as a whole list. A price applies to quotes made after
 * it: a booking keeps the tickets it was sold with (bookings.tickets holds each line's code, name
 * and unit price), held ones included, so changing or removing a type never touches them.
 */
import { and, asc, eq, notInArray } from "drizzle-orm";
import { minorUnitDigits, minorUnitsIn, toMajorUnits } from "~contract/money";
import { MAX_PRICE_MINOR, type OperatorService, type SetTicketTypesBody } from "~contract/operator/services";
import { validationError, type FieldErrors } from "../http/errors";
import { FIELD_MESSAGES } from "../http/field-messages";
import type { Db } from "../db/client";
import { ticketTypes, type ServiceRow, type TicketTypeRow } from "../db/schema";
import { writeAudit, type Actor } from "../audit/log";
import { newCatalogId, ownService, serviceView } from "./services";
import { withCodes } from "./ticket-codes";

/** The audit log's record of a price list: JSON of { code, name, priceMinor } (in the record's currency). */
const priceList = (types: Array<Pick<TicketTypeRow, "code" | "name" | "priceMinor">>) =>
  JSON.stringify(types.map(({ code, name, priceMinor }) => ({ code, name, priceMinor })));

/**
 * A price as typed in the operator's currency ("12.50"), in minor units: at most its minor unit's
 * digits and at most MAX_PRICE_MINOR, else the field's message.
 */
export function typedPriceMinor(price: string, currency: string): { minor: number } | { refused: string } {
  const minor = minorUnitsIn(price, currency);
  if (minor === null) return { refused: FIELD_MESSAGES["price.invalid"] };
  if (minor > MAX_PRICE_MINOR) {
    const maximum = toMajorUnits(MAX_PRICE_MINOR, minorUnitDigits(currency));
    return { refused: FIELD_MESSAGES["number.useAtMost"].replace("{maximum}", maximum) };
  }
  return { minor };
}

/**
 * The list's types with their prices in minor units: `priceMinor` as sent, or `price` as typed in
 * the operator's currency (at most its minor unit's digits, at most MAX_PRICE_MINOR: else a
 * validation_error on that type's `price`).
 */
function pricedInMinorUnits(input: SetTicketTypesBody, currency: string) {
  const refused: FieldErrors = {};
  const types = input.ticketTypes.map(({ code, name, price, priceMinor }, index) => {
    if (price === undefined) return { code, name, priceMinor: priceMinor! };
    const typed = typedPriceMinor(price, currency);
    if ("refused" in typed) refused[`ticketTypes.${index}.price`] = [typed.refused];
    return { code, name, priceMinor: "minor" in typed ? typed.minor : 0 };
  });
  if (Object.keys(refused).length > 0) throw validationError(refused);
  return types;
}

/**
 * PUT /v1/operator/services/{serviceId}/ticket-types: a type without a code gets one from its name
 * (./ticket-codes.ts); a type whose code stays keeps its id (a quote being filled in still names
 * it), the others are added, the ones left out are removed.
 */
export async function setTicketTypes(
  db: Db,
  actor: Actor,
  currency: string,
  serviceId: string,
  input: SetTicketTypesBody,
): Promise<OperatorService> {
  return changeServicePrices(db, actor, { currency, serviceId, action: "ticket_types.set" }, async (tx, locked) => {
    const before = await tx
      .select()
      .from(ticketTypes)
      .where(eq(ticketTypes.serviceId, locked.id))
      .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id));
    const types = withCodes(pricedInMinorUnits(input, currency));
    const codes = types.map((type) => type.code);
    await tx.delete(ticketTypes).where(and(eq(ticketTypes.serviceId, locked.id), notInArray(ticketTypes.code, codes)));
    for (const [sortOrder, type] of types.entries()) {
      const kept = before.find((row) => row.code === type.code);
      if (kept) {
        await tx
          .update(ticketTypes)
          .set({ name: type.name, priceMinor: type.priceMinor, sortOrder })
          .where(eq(ticketTypes.id, kept.id));
      } else {
        await tx.insert(ticketTypes).values({ id: newCatalogId("tt"), serviceId: locked.id, ...type, sortOrder });
      }
    }
    return { service: locked, before: priceList(before), after: priceList(types) };
  });
}

/**
 * A change to what a service sells at (its ticket types, its private sale), in one transaction:
 * the service locked, the change made, its audit row (before and after, in `currency`); then the
 * service as the console shows it.
 */
export async function changeServicePrices(
  db: Db,
  actor: Actor,
  what: { currency: string; serviceId: string; action: "ticket_types.set" | "service.private_sale_set" },
  change: (tx: Db, locked: ServiceRow) => Promise<{ service: ServiceRow; before: string; after: string }>,
): Promise<OperatorService> {
  const { currency } = what;
  const service = await db.transaction(async (tx) => {
    const locked = await ownService(tx, actor.accountId, what.serviceId, "no key update");
    const { service, before, after } = await change(tx, locked);
    await writeAudit(tx, actor, what.action, { serviceId: locked.id, before, after, currency });
    return service;
  });
  return serviceView(db, service, currency);
}
