import { describe, expect, it } from "vitest";
import * as reports from "~/routes/_console.console.reports";
import * as reportsCsv from "~/routes/_console.console.reports[.]csv";
import { identityWorld } from "../support/identity";
import { consoleLoad as load, expectTeamOnly, memberOf } from "../support/console-routes";
import { args, pageRequest } from "../support/routes";

const { db } = identityWorld();

describe("/console/reports and /console/reports.csv", () => {
  it("guards: signed out to sign-in, a non-member 404, a guide 403", async () => {
    await expectTeamOnly("/console/reports", (cookie) => load(reports, "/console/reports", cookie));
    const guide = await memberOf(db(), "guide");
    expect((await load(reports, "/console/reports", guide.cookie)).status).toBe(403);
    expect((await load(reportsCsv, "/console/reports.csv", guide.cookie)).status).toBe(403);
  });

  it("the range asked for, the chart's figure, and the last 30 days instead of a range that cannot be", async () => {
    const manager = await memberOf(db(), "manager");
    const page = await load(reports, "/console/reports?from=2026-01-01&to=2026-01-31&metric=guests", manager.cookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ metric: "guests", invalidRange: false });
    expect(page.data.report).toMatchObject({ from: "2026-01-01", to: "2026-01-31", currency: "USD" });
    expect(page.data.report.days).toHaveLength(31);
    // The platform's service fee is a figure of its own, the chart may show it.
    const fees = await load(
      reports,
      "/console/reports?from=2026-01-01&to=2026-01-31&metric=platformFeesMinor",
      manager.cookie,
    );
    expect(fees.data.metric).toBe("platformFeesMinor");
    expect(fees.data.report.totals).toHaveProperty("platformFeesMinor");
    const bad = await load(reports, "/console/reports?from=2026-02-30&to=2026-03-01&metric=nope", manager.cookie);
    expect(bad.status).toBe(200);
    expect(bad.data).toMatchObject({ metric: "revenueMinor", invalidRange: true });
    expect(bad.data.report.days).toHaveLength(30);
  });

  it("the CSV download: the report's rows as a file; a bad range is a 400 in words", async () => {
    const owner = await memberOf(db(), "owner");
    const request = pageRequest("/console/reports.csv?from=2026-01-01&to=2026-01-07", {
      cookie: owner.cookie,
      host: "acme.app.localhost:3000",
    });
    const response = (await reportsCsv.loader(args(request) as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="report-acme-2026-01-01-to-2026-01-07.csv"',
    );
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(1 + 7 + 1);
    // Money in major units with the currency ("40.00 USD"), never cents.
    expect(lines[0]).toBe("date,bookings,guests,revenue,platform_fees,refunds,tips,net");
    expect(lines[1]).toMatch(
      /^2026-01-01,\d+,\d+,'?-?\d+\.\d\d USD,'?-?\d+\.\d\d USD,\d+\.\d\d USD,\d+\.\d\d USD,'?-?\d+\.\d\d USD$/,
    );
    const bad = (await reportsCsv.loader(
      args(
        pageRequest("/console/reports.csv?from=2026-01-07&to=2026-01-01", {
          cookie: owner.cookie,
          host: "acme.app.localhost:3000",
        }),
      ) as never,
    )) as Response;
    expect(bad.status).toBe(400);
  });
});
