import type { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { bookingsCsv, bookingsCsvFilename } from "~contract/operator/bookings";
import { clockNow } from "../clock";
import { csvAnswer, wantsCsv } from "../http/csv";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { localDateOf } from "../schedules/expand";
import { listBookings } from "./bookings-list";

/** The desk (every member within their rights): on the operator router. */
export function deskRoutes(router: Hono<AppEnv>): void {
  handle(router, endpoints.operatorListBookings, async (c, { query, member }) => {
    if (!wantsCsv(c, query.format)) return listBookings(c.get("db"), member, query);
    const list = await listBookings(c.get("db"), member, query, { everything: true });
    const today = localDateOf(clockNow(), member.account.timezone);
    return csvAnswer(bookingsCsv(list), bookingsCsvFilename(member.account.slug, today));
  });
}
