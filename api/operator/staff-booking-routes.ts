import type { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { IDEMPOTENCY_KEY_HEADER } from "~contract/idempotency-key";
import { clientIp, requestOrigin } from "../http/client-info";
import { handle, withStatus } from "../http/register";
import type { AppEnv } from "../http/types";
import { actorOf } from "../members/guard";
import {
  bookableFor,
  bookingSettings,
  createStaffBooking,
  markBookingPaid,
  updateBookingSettings,
} from "./staff-bookings";

/** The desk's staff bookings (issue 42, item 2): on the operator router. */
export function staffBookingRoutes(router: Hono<AppEnv>): void {
  handle(router, endpoints.operatorCreateBooking, async (c, { body, headers, member }) => {
    const { placed, created } = await createStaffBooking(c.get("db"), member, actorOf(member, clientIp(c)), {
      body,
      idempotencyKey: headers[IDEMPOTENCY_KEY_HEADER],
      origin: requestOrigin(c),
    });
    return created ? withStatus(201, placed) : withStatus(200, placed);
  });

  handle(router, endpoints.operatorBookable, async (c, { query, member }) =>
    bookableFor(c.get("db"), member, query.experienceId),
  );

  handle(router, endpoints.operatorMarkBookingPaid, async (c, { params, member }) =>
    markBookingPaid(c.get("db"), member, actorOf(member, clientIp(c)), params.bookingId),
  );

  handle(router, endpoints.operatorBookingSettings, async (c, { member }) =>
    bookingSettings(c.get("db"), member.account.id),
  );

  handle(router, endpoints.operatorUpdateBookingSettings, async (c, { body, member }) =>
    updateBookingSettings(c.get("db"), member, actorOf(member, clientIp(c)), body.guidesMayBook),
  );
}
