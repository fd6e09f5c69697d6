import type { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { reportCsv, reportCsvFilename } from "~contract/operator/reports";
import { csvAnswer, wantsCsv } from "../http/csv";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { readReport } from "./reports";

/** The reports (owner and manager): on the operator router. */
export function reportRoutes(router: Hono<AppEnv>): void {
  handle(router, endpoints.operatorReport, async (c, { query, member }) => {
    const report = await readReport(c.get("db"), member.account, query);
    if (!wantsCsv(c, query.format)) return report;
    return csvAnswer(reportCsv(report), reportCsvFilename(member.account.slug, report));
  });
}
