import type { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { manifestCsv, manifestCsvFilename } from "~contract/operator-manifest";
import { clientIp } from "../http/client-info";
import { handle, InAlternateMedia } from "../http/register";
import type { AppEnv } from "../http/types";
import { updateCheckIn } from "./check-ins";
import { actorOf, ANY_ROLE, CATALOG, requireMember } from "./guard";
import { listGuides } from "./guides";
import { readManifest } from "./manifest";

/** The day manifest and check-in from it (every member; a guide, their departures): on the operator router. */
export function manifestRoutes(router: Hono<AppEnv>): void {
  handle(router, endpoints.operatorManifest, async (c, { query }) => {
    const member = await requireMember(c, ANY_ROLE);
    const manifest = await readManifest(c.get("db"), member, query.date);
    const wantsCsv = query.format === "csv" || (query.format === undefined && acceptsCsv(c.req.header("Accept")));
    if (!wantsCsv) return manifest;
    return new InAlternateMedia(
      new Response(manifestCsv(manifest), {
        status: 200,
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="${manifestCsvFilename(member.account.slug, manifest.date)}"`,
          "Cache-Control": "private, no-store",
        },
      }),
    );
  });

  handle(router, endpoints.operatorListGuides, async (c) => {
    const member = await requireMember(c, CATALOG);
    return listGuides(c.get("db"), member.account.id);
  });

  handle(router, endpoints.operatorUpdateCheckIn, async (c, { params, body }) => {
    const member = await requireMember(c, ANY_ROLE);
    return updateCheckIn(c.get("db"), member, actorOf(member, clientIp(c)), params.bookingId, body);
  });
}

/** The caller prefers CSV: `text/csv` named in Accept before any JSON. */
function acceptsCsv(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(",").map((part) => part.split(";")[0].trim().toLowerCase());
  const csv = types.indexOf("text/csv");
  const json = types.indexOf("application/json");
  return csv !== -1 && (json === -1 || csv < json);
}
