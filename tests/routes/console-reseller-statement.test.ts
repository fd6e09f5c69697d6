import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingReference } from "~api/ids";
import { csvCell } from "~contract/csv";
import { RESELLER_STATEMENT_CSV_COLUMNS } from "~contract/operator/reseller-statement";
import * as page from "~/routes/_console.console.resellers";
import * as csv from "~/routes/_console.console.resellers_.$resellerId.statement[.]csv";
import { bookingWorld, createSlot } from "../support/booking";
import { ACME, consoleLoad, expectTeamOnly, memberOf } from "../support/console-routes";
import { octo, octoAvailabilityId, octoBooking, resellerWithKey, type TestReseller } from "../support/octo";
import { args, pageRequest } from "../support/routes";

/**
 * /console/resellers/{id}/statement.csv?month=YYYY-MM (issue 47): a reseller's monthly statement
 * as a CSV download (the resellers page's plain GET form), through operatorResellerStatement.
 */
const { db, acme } = bookingWorld();
let reseller: TestReseller;
let month: string;
let zone: string;
const made: Record<string, { id: string; uuid: string }> = {};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const pathOf = (resellerId: string, query = "") => `/console/resellers/${resellerId}/statement.csv${query}`;

/** The loader's own Response (a CSV, or a 400 in words). */
async function download(cookie: string, resellerId: string, query: string) {
  const request = pageRequest(pathOf(resellerId, query), { cookie, host: ACME });
  return (await csv.loader(args(request, { resellerId }) as never)) as Response;
}

beforeAll(async () => {
  reseller = await resellerWithKey(db(), "acme", { commissionBps: 1500 });
  zone = (await octo(reseller.key, `/products/${acme.experienceId}`)).body.timeZone;
  const soon = await createSlot(db(), acme.serviceId, { capacity: 20, startsInHours: 72 });
  const later = await createSlot(db(), acme.serviceId, { capacity: 20, startsInHours: 24 * 45 });
  month = DateTime.fromJSDate(soon.startsAt, { zone }).toFormat("yyyy-MM");
  const at = octoAvailabilityId(soon.startsAt, zone);
  made.two = await octoBooking(db(), reseller.key, acme, at, { adults: 2, reference: "RR, quoted" });
  made.cancelled = await octoBooking(db(), reseller.key, acme, at, { reference: "RR-GONE" });
  expect((await octo(reseller.key, `/bookings/${made.cancelled.uuid}/cancel`, { body: {} })).status).toBe(200);
  made.later = await octoBooking(db(), reseller.key, acme, octoAvailabilityId(later.startsAt, zone));
});

describe("/console/resellers/{id}/statement.csv", () => {
  it("signed out: sign in; no team: 404; a guide: 403; another operator's reseller: 404; a bad month: 400", async () => {
    await expectTeamOnly(pathOf(reseller.id, `?month=${month}`), (cookie) =>
      consoleLoad(csv, pathOf(reseller.id, `?month=${month}`), cookie, { resellerId: reseller.id }),
    );
    const guide = await memberOf(db(), "guide");
    const refused = await consoleLoad(csv, pathOf(reseller.id, `?month=${month}`), guide.cookie, {
      resellerId: reseller.id,
    });
    expect(refused.status).toBe(403);
    const manager = await memberOf(db(), "manager");
    const harbors = await resellerWithKey(db(), "harbor");
    const foreign = await consoleLoad(csv, pathOf(harbors.id, `?month=${month}`), manager.cookie, {
      resellerId: harbors.id,
    });
    expect(foreign.status).toBe(404);
    for (const query of ["?month=2026-13", "?month=", ""]) {
      const bad = await download(manager.cookie, reseller.id, query);
      expect(bad.status, query).toBe(400);
      expect(await bad.text()).toBe("Give a month as YYYY-MM.");
    }
  });

  it("downloads the month's lines (local departure, zone named; money with the currency's decimals), a cancelled one at 0, and the totals", async () => {
    const manager = await memberOf(db(), "manager");
    const response = await download(manager.cookie, reseller.id, `?month=${month}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="reseller-harbour-concierge-${month}.csv"`,
    );
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(RESELLER_STATEMENT_CSV_COLUMNS.join(","));
    expect(lines).toHaveLength(1 + 2 + 1);
    const byReference = (id: string) => lines.find((line) => line.startsWith(`${bookingReference(id)},`));
    const two = byReference(made.two.id)!;
    const departure = `${month}-\\d\\d \\d\\d:\\d\\d ${escaped(zone)}`;
    expect(two).toMatch(
      new RegExp(
        `^${bookingReference(made.two.id)},"RR, quoted",${escaped(csvCell(acme.experienceTitle))},${departure},2,confirmed,(\\d+\\.\\d\\d),(\\d+\\.\\d\\d),(\\d+\\.\\d\\d)$`,
      ),
    );
    const [retail, commission, net] = two.split(",").slice(-3).map(Number);
    expect(commission).toBeCloseTo(retail * 0.15, 1);
    expect(net + commission).toBeCloseTo(retail, 2);
    expect(byReference(made.cancelled.id)).toMatch(/,RR-GONE,.*,1,cancelled,0\.00,0\.00,0\.00$/);
    expect(byReference(made.later.id)).toBeUndefined();
    expect(lines[3]).toBe(`total,,,,2,,${retail.toFixed(2)},${commission.toFixed(2)},${net.toFixed(2)}`);
  });

  it("the resellers page offers each reseller's statement, this month in the operator's zone by default", async () => {
    const owner = await memberOf(db(), "owner");
    const loaded = await consoleLoad(page, "/console/resellers", owner.cookie);
    expect(loaded.status).toBe(200);
    expect(loaded.data.currentMonth).toBe(DateTime.now().setZone(acme.timezone).toFormat("yyyy-MM"));
  });
});
