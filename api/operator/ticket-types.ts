/**
 * A service's ticket types and prices, set as a whole list. A price applies to quotes made after
 * it: a booking keeps the tickets it was sold with (bookings.tickets holds each line's code, name
 * and unit price), held ones included, so changing or removing a type never touches them.
 */
import { and, asc, eq, notInArray } from "drizzle-orm";
import type { OperatorService, SetTicketTypesBody } from "~contract/operator/services";
import type { Db } from "../db/client";
import { ticketTypes, type TicketTypeRow } from "../db/schema";
import { writeAudit, type Actor } from "../audit/log";
import { newCatalogId, ownService, serviceView } from "./services";
import { withCodes } from "./ticket-codes";

/** The audit log's record of a price list: JSON of { code, name, priceMinor } (in the record's currency). */
const priceList = (types: Array<Pick<TicketTypeRow, "code" | "name" | "priceMinor">>) =>
  JSON.stringify(types.map(({ code, name, priceMinor }) => ({ code, name, priceMinor })));

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
  const service = await db.transaction(async (tx) => {
    const locked = await ownService(tx, actor.accountId, serviceId, true);
    const before = await tx
      .select()
      .from(ticketTypes)
      .where(eq(ticketTypes.serviceId, locked.id))
      .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id));
    const types = withCodes(input.ticketTypes);
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
    await writeAudit(tx, actor, "ticket_types.set", {
      serviceId: locked.id,
      before: priceList(before),
      after: priceList(types),
      currency,
    });
    return locked;
  });
  return serviceView(db, service, currency);
}
