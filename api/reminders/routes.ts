import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { requestOrigin } from "../http/client-info";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { recordCheckoutVisit } from "./checkout-visits";

export const reminderRoutes = new Hono<AppEnv>();

handle(reminderRoutes, endpoints.recordCheckoutVisit, async (c, { body }) => {
  await recordCheckoutVisit(c.get("db"), {
    userId: c.get("identity").uid,
    serviceId: body.serviceId,
    slotId: body.slotId,
    tickets: body.tickets,
    scope: c.get("account"),
    origin: requestOrigin(c),
  });
});
