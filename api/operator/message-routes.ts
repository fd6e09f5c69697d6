import type { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { clientIp } from "../http/client-info";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { actorOf } from "../members/guard";
import { bookingHistory } from "./booking-history";
import { messageGuests } from "./guest-messages";

/** Messages to guests and a booking's history (every member; a guide on their own departures). */
export function messageRoutes(router: Hono<AppEnv>): void {
  handle(router, endpoints.operatorMessageGuests, async (c, { body, member }) => {
    return messageGuests(c.get("db"), member, actorOf(member, clientIp(c)), body);
  });

  handle(router, endpoints.operatorBookingHistory, async (c, { params, member }) => {
    return bookingHistory(c.get("db"), member, params.bookingId);
  });
}
