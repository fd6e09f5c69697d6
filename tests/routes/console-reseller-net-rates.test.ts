import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, resellerNetRates } from "~api/db/schema";
import { toMajorUnits } from "~contract/money";
import * as page from "~/routes/_console.console.resellers_.$resellerId.net-rates";
import { bookingWorld } from "../support/booking";
import { consoleLoad, consolePost, expectTeamOnly, memberOf } from "../support/console-routes";
import { resellerWithKey, type TestReseller } from "../support/octo";
import { flashOf } from "../support/routes";

/**
 * /console/resellers/{id}/net-rates (issue 47): every ticket type the reseller may sell with its
 * price and net rate, set in one form (typed in the currency), through operatorSetResellerNetRates.
 */
const { db, acme } = bookingWorld();
let reseller: TestReseller;

const pathOf = (resellerId: string) => `/console/resellers/${resellerId}/net-rates`;
const load = (cookie: string | null, resellerId = reseller.id) =>
  consoleLoad(page, pathOf(resellerId), cookie, { resellerId });
const post = (cookie: string, form: URLSearchParams, resellerId = reseller.id) =>
  consolePost(page, pathOf(resellerId), cookie, form, { resellerId });

beforeAll(async () => {
  reseller = await resellerWithKey(db(), "acme", { commissionBps: 1500 });
});

/** The form as the page posts it: every row's ticket type and its typed net (empty: none). */
function formOf(lines: { ticketTypeId: string }[], nets: Record<string, string>) {
  const form = new URLSearchParams({ intent: "netRates" });
  lines.forEach((line, index) => {
    form.set(`rates[${index}].ticketTypeId`, line.ticketTypeId);
    form.set(`rates[${index}].net`, nets[line.ticketTypeId] ?? "");
  });
  return form;
}

const kept = () => db().select().from(resellerNetRates).where(eq(resellerNetRates.resellerId, reseller.id));

describe("/console/resellers/{id}/net-rates", () => {
  it("signed out: sign in; no team: 404; a guide: 403 (page and form); another operator's reseller: 404", async () => {
    await expectTeamOnly(pathOf(reseller.id), (cookie) => load(cookie));
    const guide = await memberOf(db(), "guide");
    expect((await load(guide.cookie)).status).toBe(403);
    expect((await post(guide.cookie, formOf([], {}))).status).toBe(403);
    const manager = await memberOf(db(), "manager");
    const harbors = await resellerWithKey(db(), "harbor");
    expect((await load(manager.cookie, harbors.id)).status).toBe(404);
    expect((await load(manager.cookie, "rs_nosuch")).status).toBe(404);
  });

  it("lists the ticket types with their prices; saves typed nets, refuses one above the price on its field, empties one", async () => {
    const manager = await memberOf(db(), "manager");
    const opened = await load(manager.cookie);
    expect(opened.status).toBe(200);
    expect(opened.data.title).toBe("Net rates: Harbour Concierge");
    const lines = opened.data.rates.lines as { ticketTypeId: string; retailMinor: number; netMinor: number | null }[];
    expect(lines.find((line) => line.ticketTypeId === acme.adult.id)).toMatchObject({
      retailMinor: acme.adult.priceMinor,
      netMinor: null,
    });
    const digits = opened.data.digits as number;
    const net = acme.adult.priceMinor - 250;

    const saved = await post(manager.cookie, formOf(lines, { [acme.adult.id]: toMajorUnits(net, digits) }));
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    expect(flashOf(saved.headers)).toBe('"netRates.saved"');
    expect(await kept()).toEqual([{ resellerId: reseller.id, ticketTypeId: acme.adult.id, netMinor: net }]);
    const again = await load(manager.cookie);
    expect(
      again.data.rates.lines.find((line: { ticketTypeId: string }) => line.ticketTypeId === acme.adult.id),
    ).toMatchObject({
      netMinor: net,
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "reseller.net_rates_set"), eq(auditLog.actorId, manager.user.uid)));
    expect(entry.target).toMatchObject({ resellerId: reseller.id, count: "1" });

    const index = lines.findIndex((line) => line.ticketTypeId === acme.adult.id);
    const above = await post(
      manager.cookie,
      formOf(lines, { [acme.adult.id]: toMajorUnits(acme.adult.priceMinor + 1, digits) }),
    );
    expect(above.status).toBe(400);
    expect(above.data.result.error).toEqual({ [`rates[${index}].net`]: ["netRates.aboveRetail"] });
    const badFormat = await post(manager.cookie, formOf(lines, { [acme.adult.id]: "12.345" }));
    expect(badFormat.status).toBe(400);
    expect(badFormat.data.result.error[`rates[${index}].net`]).toEqual(["prices.priceFormat"]);
    expect(await kept()).toHaveLength(1);

    const emptied = await post(manager.cookie, formOf(lines, {}));
    expect(emptied.status).toBe(302);
    expect(await kept()).toEqual([]);
  });
});
