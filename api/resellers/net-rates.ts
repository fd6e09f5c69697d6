/**
 * A reseller's net rates (issue 47): read by the console with every ticket type the reseller may
 * sell, set all at once (audited), and read as the reseller's terms by OCTO's prices and by the
 * booking's net when it is confirmed.
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type {
  ResellerNetRateLine,
  ResellerNetRates,
  SetResellerNetRatesBody,
} from "~contract/operator/reseller-net-rates";
import type { Db } from "../db/client";
import {
  experiences,
  resellerExperiences,
  resellerNetRates,
  services,
  ticketTypes,
  type AccountRow,
  type ResellerRow,
} from "../db/schema";
import { validationError } from "../http/errors";
import { FIELD_MESSAGES } from "../http/field-messages";
import { writeAudit, type Actor } from "../audit/log";
import type { ResellerTerms } from "./commission";
import { ownReseller } from "./resellers";

/** The reseller's commission and net rates. */
export async function resellerTerms(
  db: Db,
  reseller: Pick<ResellerRow, "id" | "commissionBps">,
): Promise<ResellerTerms> {
  const rates = await db
    .select({ ticketTypeId: resellerNetRates.ticketTypeId, netMinor: resellerNetRates.netMinor })
    .from(resellerNetRates)
    .where(eq(resellerNetRates.resellerId, reseller.id));
  return {
    commissionBps: reseller.commissionBps,
    netRates: new Map(rates.map((rate) => [rate.ticketTypeId, rate.netMinor])),
  };
}

/** The operator's experiences the reseller may sell (drafts too: a rate may be set before it is published). */
const mayCarry = (reseller: ResellerRow): SQL | undefined =>
  and(
    eq(experiences.accountId, reseller.accountId),
    reseller.allExperiences
      ? undefined
      : sql`exists (select 1 from ${resellerExperiences} where ${resellerExperiences.resellerId} = ${reseller.id} and ${resellerExperiences.experienceId} = ${experiences.id})`,
  );

/** Every ticket type the reseller may sell, with its net rate if it has one, in the catalog's order. */
async function rateLines(db: Db, reseller: ResellerRow): Promise<ResellerNetRateLine[]> {
  return db
    .select({
      ticketTypeId: ticketTypes.id,
      experienceId: experiences.id,
      experienceTitle: experiences.title,
      serviceId: services.id,
      serviceName: services.name,
      ticketTypeName: ticketTypes.name,
      retailMinor: ticketTypes.priceMinor,
      netMinor: resellerNetRates.netMinor,
    })
    .from(ticketTypes)
    .innerJoin(services, eq(services.id, ticketTypes.serviceId))
    .innerJoin(experiences, eq(experiences.id, services.experienceId))
    .leftJoin(
      resellerNetRates,
      and(eq(resellerNetRates.resellerId, reseller.id), eq(resellerNetRates.ticketTypeId, ticketTypes.id)),
    )
    .where(mayCarry(reseller))
    .orderBy(
      asc(experiences.title),
      asc(experiences.id),
      asc(services.sortOrder),
      asc(services.id),
      asc(ticketTypes.sortOrder),
      asc(ticketTypes.id),
    );
}

const netRatesOf = async (db: Db, operator: Pick<AccountRow, "currency">, reseller: ResellerRow) => ({
  reseller: { id: reseller.id, name: reseller.name, commissionBps: reseller.commissionBps },
  currency: operator.currency,
  lines: await rateLines(db, reseller),
});

/** GET /v1/operator/resellers/{resellerId}/net-rates */
export async function readResellerNetRates(
  db: Db,
  operator: Pick<AccountRow, "id" | "currency">,
  resellerId: string,
): Promise<ResellerNetRates> {
  return netRatesOf(db, operator, await ownReseller(db, operator.id, resellerId));
}

/**
 * PUT /v1/operator/resellers/{resellerId}/net-rates: the reseller's rates become exactly these. A
 * ticket type it may not sell (or given twice) is 400 on its field ("Not a valid id."), and so is a
 * rate above the ticket's price ("Use at most <price in minor units>.").
 */
export async function setResellerNetRates(
  db: Db,
  actor: Actor,
  operator: Pick<AccountRow, "id" | "currency">,
  resellerId: string,
  body: SetResellerNetRatesBody,
): Promise<ResellerNetRates> {
  const reseller = await ownReseller(db, operator.id, resellerId);
  await db.transaction(async (tx) => {
    const carried = new Map((await rateLines(tx, reseller)).map((line) => [line.ticketTypeId, line]));
    const seen = new Set<string>();
    const refused: [string, string[]][] = [];
    body.rates.forEach((rate, index) => {
      const line = carried.get(rate.ticketTypeId);
      if (!line || seen.has(rate.ticketTypeId))
        refused.push([`rates.${index}.ticketTypeId`, [FIELD_MESSAGES["id.invalid"]]]);
      else if (rate.netMinor > line.retailMinor)
        refused.push([
          `rates.${index}.netMinor`,
          [FIELD_MESSAGES["number.useAtMost"].replace("{maximum}", String(line.retailMinor))],
        ]);
      seen.add(rate.ticketTypeId);
    });
    if (refused.length > 0) throw validationError(Object.fromEntries(refused));
    await tx.delete(resellerNetRates).where(eq(resellerNetRates.resellerId, reseller.id));
    if (body.rates.length > 0)
      await tx.insert(resellerNetRates).values(body.rates.map((rate) => ({ resellerId: reseller.id, ...rate })));
    await writeAudit(tx, actor, "reseller.net_rates_set", {
      resellerId: reseller.id,
      name: reseller.name,
      count: String(body.rates.length),
      rates: body.rates.map((rate) => `${rate.ticketTypeId}=${rate.netMinor}`).join(","),
    });
  });
  return netRatesOf(db, operator, reseller);
}
