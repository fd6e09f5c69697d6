import type { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { manifestCsv, manifestCsvFilename } from "~contract/operator/manifest";
import { clientIp } from "../http/client-info";
import { csvAnswer, wantsCsv } from "../http/csv";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { updateCheckIn } from "./check-ins";
import { actorOf } from "../members/guard";
import { listGuides } from "./guides";
import { readManifest } from "./manifest";

/** The day manifest and check-in from it (every member; a guide, their departures): on the operator router. */
export function manifestRoutes(router: Hono<AppEnv>): void {
  handle(router, endpoints.operatorManifest, async (c, { query, member }) => {
    const manifest = await readManifest(c.get("db"), member, query.date);
    if (!wantsCsv(c, query.format)) return manifest;
    return csvAnswer(manifestCsv(manifest), manifestCsvFilename(member.account.slug, manifest.date));
  });

  handle(router, endpoints.operatorListGuides, async (c, { member }) => {
    return listGuides(c.get("db"), member.account.id);
  });

  handle(router, endpoints.operatorUpdateCheckIn, async (c, { params, body, member }) => {
    return updateCheckIn(c.get("db"), member, actorOf(member, clientIp(c)), params.bookingId, body);
  });
}
