/**
 * The console's resellers (issue 47, first slice): the operator's OCTO channels, each with its
 * commission, the experiences it may sell and its API keys (a key's text is answered once, when it
 * is made; then only its last 4 characters).
 */
import { z } from "zod";
import { catalogId, emailAddress, requiredLine, said, wholeNumberIn } from "../fields";
import { isoTime } from "../output-parts";
import { domain, endpoint } from "../endpoint";
import { RESELLER_NAME_MAX } from "./reseller-rules";
import { resellerNetRates, setResellerNetRatesBody } from "./reseller-net-rates";
import { resellerStatement, resellerStatementQuery } from "./reseller-statement";

export const createResellerBody = z
  .object({
    name: requiredLine("name.required", RESELLER_NAME_MAX),
    contactEmail: emailAddress,
    /** The reseller's commission in basis points (1500 = 15 %), 0 to 10 000. */
    commissionBps: wholeNumberIn("commission.invalid", 0, 10_000),
    /** The experiences it may sell (ids of this operator's), or null: every published one. */
    experienceIds: z.array(catalogId).min(1, said("id.invalid")).max(500, said("text.tooLong")).nullable(),
  })
  .strict();
export type CreateResellerBody = z.infer<typeof createResellerBody>;

export const resellerParams = z.object({ resellerId: catalogId });
export const resellerKeyParams = z.object({ resellerId: catalogId, keyId: catalogId });

/** One key as the console lists it: never its text. */
export const resellerKeyOutput = z.object({
  id: z.string(),
  last4: z.string(),
  createdAt: isoTime,
  /** The last /octo call made with it; null: never used. */
  lastUsedAt: isoTime.nullable(),
  /** When it was revoked; null: it works. */
  revokedAt: isoTime.nullable(),
});

export const resellerOutput = z.object({
  id: z.string(),
  name: z.string(),
  contactEmail: z.string(),
  commissionBps: z.number().int(),
  /** What it may sell: null, every published experience; else these. */
  experiences: z.array(z.object({ id: z.string(), title: z.string() })).nullable(),
  keys: z.array(resellerKeyOutput),
  createdAt: isoTime,
});
export type ResellerOutput = z.infer<typeof resellerOutput>;

export const resellerList = z.object({ resellers: z.array(resellerOutput) });
export type ResellerList = z.infer<typeof resellerList>;

/** A new key: its text, `key`, is in this answer only (it is stored hashed). */
export const createdResellerKey = resellerKeyOutput.extend({ resellerId: z.string(), key: z.string() });
export type CreatedResellerKey = z.infer<typeof createdResellerKey>;

/** What every call shares: owner or manager of this operator. */
const resellerCall = { auth: "user", member: "catalog", tenant: true } as const;

export const consoleResellerEndpoints = domain("Operator console: resellers", {
  operatorListResellers: endpoint({
    ...resellerCall,
    method: "GET",
    path: "/v1/operator/resellers",
    summary:
      "The operator's resellers (OCTO channels): name, contact, commission, what each may sell, its keys (last 4, last used) (owner, manager)",
    output: resellerList,
    errors: [],
  }),
  operatorCreateReseller: endpoint({
    ...resellerCall,
    method: "POST",
    path: "/v1/operator/resellers",
    summary:
      "Add a reseller: name, contact email, commission in basis points, and the experiences it may sell (null: all); audited (owner, manager)",
    body: createResellerBody,
    output: resellerOutput,
    statuses: [201],
    errors: [],
  }),
  operatorCreateResellerKey: endpoint({
    ...resellerCall,
    reauth: true,
    method: "POST",
    path: "/v1/operator/resellers/:resellerId/keys",
    summary:
      "A new API key for the reseller's OCTO calls (Authorization: Bearer): its text, `key`, is answered this once and stored hashed; audited (owner, manager)",
    params: resellerParams,
    output: createdResellerKey,
    statuses: [201],
    errors: ["reseller_not_found"],
  }),
  operatorRevokeResellerKey: endpoint({
    ...resellerCall,
    reauth: true,
    method: "DELETE",
    path: "/v1/operator/resellers/:resellerId/keys/:keyId",
    summary: "Revoke a reseller's API key: every OCTO call with it is refused from now on; audited (owner, manager)",
    params: resellerKeyParams,
    output: resellerKeyOutput,
    errors: ["reseller_not_found", "reseller_key_not_found"],
  }),
  operatorResellerStatement: endpoint({
    ...resellerCall,
    method: "GET",
    path: "/v1/operator/resellers/:resellerId/statement",
    summary:
      "A reseller's monthly statement (`month`=YYYY-MM, required): its confirmed bookings departing in the month (by the departure's date in the experience's own zone), each with retail, the reseller's commission and the net it owes (cancelled: 0), and the totals; money in minor units (owner, manager)",
    params: resellerParams,
    query: resellerStatementQuery,
    output: resellerStatement,
    errors: ["reseller_not_found"],
  }),
  operatorResellerNetRates: endpoint({
    ...resellerCall,
    method: "GET",
    path: "/v1/operator/resellers/:resellerId/net-rates",
    summary:
      "Every ticket type the reseller may sell (by experience and service) with its retail price and the reseller's net rate, if it has one (null: the retail less its commission); money in minor units (owner, manager)",
    params: resellerParams,
    output: resellerNetRates,
    errors: ["reseller_not_found"],
  }),
  operatorSetResellerNetRates: endpoint({
    ...resellerCall,
    method: "PUT",
    path: "/v1/operator/resellers/:resellerId/net-rates",
    summary:
      "Set the reseller's net rates, all at once (a ticket type left out has none: the retail less the commission): what it owes a ticket, at most the ticket's price; OCTO's `net` prices and the statement use them, a booking keeping the terms it was confirmed under; audited (owner, manager)",
    params: resellerParams,
    body: setResellerNetRatesBody,
    output: resellerNetRates,
    errors: ["reseller_not_found"],
  }),
});
